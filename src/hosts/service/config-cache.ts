// The triage config of a repository: `.github/triage.yml` (or its `.yaml` twin) on the repository's default
// branch, else the same path in the organisation's `.github` repository (the fallback GitHub uses for community
// files), read through the contents API with the raw media type (src/kernel/config-source.ts). The client's ETag
// cache makes a re-read a free 304; the parsed config (or its error) is kept by origin and ETag, so an unchanged
// file is parsed once.
import type { Client, Logger } from '../../github/client/types';
import { readRepositoryConfig, type ConfigText } from '../../kernel/config-source';
import { parseTriageConfig, type TriageConfig } from '../../actions/triage/domain/config';
import type { RepoRef } from '../../actions/triage/domain/reader';

export type ConfigLookup =
  | { kind: 'found'; config: TriageConfig; origin: string; etag?: string; fromCache: boolean }
  | { kind: 'missing' }
  | { kind: 'invalid'; error: Error; origin: string; etag?: string };

interface Entry {
  etag: string;
  result: { kind: 'found'; config: TriageConfig } | { kind: 'invalid'; error: Error };
}

/** The organisation's (or user's) repository of default community files. */
const ORGANISATION_REPOSITORY = '.github';

export class ConfigCache {
  private readonly parsed = new Map<string, Entry>();
  /** One read per repository at a time: concurrent deliveries share it (a burst makes one 200, not one per worker). */
  private readonly reading = new Map<string, Promise<ConfigLookup>>();

  constructor(
    private readonly path: string,
    private readonly max = 500,
  ) {}

  load(client: Client, repo: RepoRef, log?: Logger): Promise<ConfigLookup> {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    const pending = this.reading.get(key);
    if (pending) return pending;
    const read = this.read(client, repo, log).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  private async read(client: Client, repo: RepoRef, log?: Logger): Promise<ConfigLookup> {
    let found: ConfigText | undefined = await readRepositoryConfig(client, repo, this.path);
    if (!found && repo.repo.toLowerCase() !== ORGANISATION_REPOSITORY) {
      found = await readRepositoryConfig(client, { owner: repo.owner, repo: ORGANISATION_REPOSITORY }, this.path);
      if (found) log?.debug(`no ${this.path} in ${repo.owner}/${repo.repo}: using ${found.origin}`);
    }
    if (!found) return { kind: 'missing' };
    const { etag, origin } = found;
    const key = origin.toLowerCase();
    const known = this.parsed.get(key);
    if (etag && known && known.etag === etag)
      return known.result.kind === 'found'
        ? { ...known.result, origin, etag, fromCache: true }
        : { ...known.result, origin, etag };

    let result: Entry['result'];
    try {
      result = { kind: 'found', config: parseTriageConfig(found.text, found.file) };
    } catch (err) {
      result = { kind: 'invalid', error: err as Error };
    }
    if (etag) {
      this.parsed.delete(key);
      this.parsed.set(key, { etag, result });
      while (this.parsed.size > this.max) this.parsed.delete(this.parsed.keys().next().value as string);
    }
    return result.kind === 'found' ? { ...result, origin, etag, fromCache: false } : { ...result, origin, etag };
  }
}
