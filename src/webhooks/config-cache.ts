// The triage config of a repository, read from its default branch through the contents API (raw media
// type). The client's ETag cache makes a re-read a free 304; the parsed config (or its error) is kept by
// the response's ETag, so an unchanged file is parsed once.
import { isStatus } from '../client/errors';
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

function text(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  // A server that ignores the raw media type answers the JSON form: base64 content.
  if (data && typeof data === 'object' && typeof (data as { content?: unknown }).content === 'string')
    return Buffer.from((data as { content: string }).content, 'base64').toString('utf8');
  throw new Error('the contents API answered with an unexpected body');
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
    let response;
    try {
      response = await client.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        owner: repo.owner,
        repo: repo.repo,
        path: apiPath,
        headers: { accept: 'application/vnd.github.raw' },
      });
    } catch (err) {
      if (isStatus(err, 404)) return { kind: 'missing' };
      throw err;
    }
    const etag = typeof response.headers.etag === 'string' ? response.headers.etag : undefined;
    const known = this.parsed.get(key);
    if (etag && known && known.etag === etag) return known.result.kind === 'found' ? { ...known.result, etag, fromCache: true } : { ...known.result, etag };

    let result: Entry['result'];
    try {
      result = { kind: 'found', config: parseTriageConfig(text(response.data), apiPath) };
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
