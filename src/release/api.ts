// Every release-related API call, each one method (so tests and the orchestrator see one small interface).
import type { Client } from '../client/types';
import { isStatus } from '../client/errors';
import type { CreateParams, UpdateParams } from './plan';
import { parseAsset, parseRelease, type RemoteAsset, type RemoteRelease } from './release-types';

export interface RepoRef {
  owner: string;
  repo: string;
}

export class ReleaseApi {
  constructor(
    readonly client: Client,
    readonly ref: RepoRef,
  ) {}

  /** The published release of a tag (GitHub hides drafts from this endpoint); undefined on 404. */
  async getByTag(tag: string): Promise<RemoteRelease | undefined> {
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/tags/{tag}', { ...this.ref, tag });
      return parseRelease(data);
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  /** The first release of the tag in the releases list (drafts included), reading no page after the one it is on. */
  async findInList(tag: string): Promise<RemoteRelease | undefined> {
    const hit = await this.client.find<{ tag_name: string }>('GET /repos/{owner}/{repo}/releases', { ...this.ref }, (r) => r.tag_name === tag);
    return hit ? parseRelease(hit) : undefined;
  }

  /** Every release of the tag (drafts included), reading the whole list. */
  async allForTag(tag: string): Promise<RemoteRelease[]> {
    const found: RemoteRelease[] = [];
    for await (const page of this.client.pages<{ tag_name: string }>('GET /repos/{owner}/{repo}/releases', { ...this.ref })) {
      for (const r of page) if (r.tag_name === tag) found.push(parseRelease(r));
    }
    return found;
  }

  async create(params: CreateParams): Promise<RemoteRelease> {
    const { data } = await this.client.octokit.request('POST /repos/{owner}/{repo}/releases', { ...this.ref, ...params });
    return parseRelease(data);
  }

  async update(id: number, params: UpdateParams): Promise<RemoteRelease> {
    const { data } = await this.client.octokit.request('PATCH /repos/{owner}/{repo}/releases/{release_id}', { ...this.ref, release_id: id, ...params });
    return parseRelease(data);
  }

  /** Deletes a release (already gone counts as deleted). */
  async deleteRelease(id: number): Promise<void> {
    try {
      await this.client.octokit.request('DELETE /repos/{owner}/{repo}/releases/{release_id}', { ...this.ref, release_id: id });
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

  async deleteAsset(id: number): Promise<void> {
    try {
      await this.client.octokit.request('DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}', { ...this.ref, asset_id: id });
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

  /** True when a tag of that name exists. */
  async tagExists(name: string): Promise<boolean> {
    try {
      await this.client.octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { ...this.ref, ref: `tags/${name}` });
      return true;
    } catch (err) {
      if (isStatus(err, 404)) return false;
      throw err;
    }
  }
}
