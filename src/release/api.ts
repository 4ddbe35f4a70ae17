// Every release-related API call, each one method (so tests and the orchestrator see one small interface).
import type { Client } from '../client/types';
import { isStatus } from '../client/errors';
import type { CreateParams, UpdateParams } from './plan';
import { parseAsset, parseRelease, type RemoteAsset, type RemoteRelease } from './release-types';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface ReleasePage {
  /** The releases of the tag on this page. */
  hits: RemoteRelease[];
  /** True when another page follows. */
  more: boolean;
}

export class ReleaseApi {
  constructor(
    readonly client: Client,
    readonly ref: RepoRef,
  ) {}

  /** The published release of a tag (GitHub hides drafts from this endpoint); undefined on 404. */
  async getByTag(tag: string): Promise<RemoteRelease | undefined> {
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/tags/{tag}', {
        ...this.ref,
        tag,
      });
      return parseRelease(data);
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  /**
   * The releases list page by page (newest first, drafts included with push access): the releases of `tag` on each
   * page, and whether another page follows (its `Link` says so; a short page does not mean the end).
   */
  async *releasePages(tag: string): AsyncGenerator<ReleasePage> {
    const pages = this.client.octokit.paginate.iterator('GET /repos/{owner}/{repo}/releases', {
      ...this.ref,
      per_page: 100,
    });
    for await (const { data, headers } of pages) {
      const hits = (data as { tag_name: string }[]).filter((r) => r.tag_name === tag).map(parseRelease);
      yield { hits, more: /rel="next"/.test(String((headers as { link?: string }).link ?? '')) };
    }
  }

  /** The latest release's id (GitHub's "Latest" badge); undefined when there is none. */
  async latestId(): Promise<number | undefined> {
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/latest', { ...this.ref });
      return (data as { id: number }).id;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  async create(params: CreateParams): Promise<RemoteRelease> {
    const { data } = await this.client.octokit.request('POST /repos/{owner}/{repo}/releases', {
      ...this.ref,
      ...params,
    });
    return parseRelease(data);
  }

  async update(id: number, params: UpdateParams): Promise<RemoteRelease> {
    const { data } = await this.client.octokit.request('PATCH /repos/{owner}/{repo}/releases/{release_id}', {
      ...this.ref,
      release_id: id,
      ...params,
    });
    return parseRelease(data);
  }

  /** Deletes a release (already gone counts as deleted). */
  async deleteRelease(id: number): Promise<void> {
    try {
      await this.client.octokit.request('DELETE /repos/{owner}/{repo}/releases/{release_id}', {
        ...this.ref,
        release_id: id,
      });
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
    }
  }

  /** The release's assets, fresh (every page, never from the cache: an interrupted upload changes them). */
  async listAssets(releaseId: number): Promise<RemoteAsset[]> {
    const all = await this.client.paginate('GET /repos/{owner}/{repo}/releases/{release_id}/assets', {
      ...this.ref,
      release_id: releaseId,
      request: { noCache: true },
    });
    return all.map(parseAsset);
  }

  /** Renames an asset (its label stays). */
  async renameAsset(id: number, name: string): Promise<RemoteAsset> {
    const { data } = await this.client.octokit.request('PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}', {
      ...this.ref,
      asset_id: id,
      name,
    });
    return parseAsset(data);
  }

  async deleteAsset(id: number): Promise<void> {
    try {
      await this.client.octokit.request('DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}', {
        ...this.ref,
        asset_id: id,
      });
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
    }
  }

  /** Release notes GitHub generates for a tag (from the merged pull requests since the previous release). */
  async generateNotes(tag: string, target?: string): Promise<string> {
    const { data } = await this.client.octokit.request('POST /repos/{owner}/{repo}/releases/generate-notes', {
      ...this.ref,
      tag_name: tag,
      ...(target ? { target_commitish: target } : {}),
    });
    return String((data as { body?: unknown }).body ?? '');
  }
}
