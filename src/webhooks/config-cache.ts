// The triage config of a repository, read from its default branch through the contents API (raw media
// type). The client's ETag cache makes a re-read a free 304; the parsed config (or its error) is kept by
// the response's ETag, so an unchanged file is parsed once.
import { readRepoFile } from '../client/contents';
import type { Client } from '../client/types';
import { parseTriageConfig, type TriageConfig } from '../triage/config';
import type { RepoRef } from '../triage/reader';

export type ConfigLookup =
  | { kind: 'found'; config: TriageConfig; etag?: string; fromCache: boolean }
  | { kind: 'missing' }
  | { kind: 'invalid'; error: Error; etag?: string };

interface Entry {
  etag: string;
  result: { kind: 'found'; config: TriageConfig } | { kind: 'invalid'; error: Error };
}

export class ConfigCache {
  private readonly parsed = new Map<string, Entry>();
  /** One read per repository at a time: concurrent deliveries share it (a burst makes one 200, not one per worker). */
  private readonly reading = new Map<string, Promise<ConfigLookup>>();

  constructor(
    private readonly path: string,
    private readonly max = 500,
  ) {}

  load(client: Client, repo: RepoRef): Promise<ConfigLookup> {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    const pending = this.reading.get(key);
    if (pending) return pending;
    const read = this.read(client, repo, key).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  private async read(client: Client, repo: RepoRef, key: string): Promise<ConfigLookup> {
    const apiPath = this.path.replace(/^\.?\//, '');
    const found = await readRepoFile(client, { owner: repo.owner, repo: repo.repo, path: apiPath });
    if (!found) return { kind: 'missing' };
    const { etag } = found;
    const known = this.parsed.get(key);
    if (etag && known && known.etag === etag)
      return known.result.kind === 'found' ? { ...known.result, etag, fromCache: true } : { ...known.result, etag };

    let result: Entry['result'];
    try {
      result = { kind: 'found', config: parseTriageConfig(found.text, apiPath) };
    } catch (err) {
      result = { kind: 'invalid', error: err as Error };
    }
    if (etag) {
      this.parsed.delete(key);
      this.parsed.set(key, { etag, result });
      while (this.parsed.size > this.max) this.parsed.delete(this.parsed.keys().next().value as string);
    }
    return result.kind === 'found' ? { ...result, etag, fromCache: false } : { ...result, etag };
  }
}
