// Every release-related API call, each one method (so tests and the orchestrator see one small interface).
import { declared, requestDeclared } from '../../../github/client/declared';
import type { WriteRule } from '../../../github/client/write-rules';
import { reads } from '../reads';
import { writes } from '../writes';
import { z } from 'zod';
import type { Client, Logger } from '../../../github/client/types';
import { GraphqlError } from '../../../github/client';
import { isStatus } from '../../../github/client/errors';
import type { RepositoryName } from '../../../github/names';
import { messageOf } from '../../../kernel/words';
import { graphqlReleasePages } from './graphql-releases';
import { releaseDiscussionCategories, releaseLocate } from '../queries/documents';
import { GraphqlFirst, type ReadAccount } from '../../../kernel/reads';
import { sendQuery } from '../../../github/graphql/query';
import { hitOf, type ReleasePage } from './release-pages';
import {
  parseAsset,
  parseRelease,
  type CreateParams,
  type RemoteAsset,
  type RemoteRelease,
  type UpdateParams,
} from './release-types';

export type RepoRef = RepositoryName;

/** A DELETE's answer: a 404 means it is already gone, which is what the DELETE wanted (a retry after a lost answer). */
async function deleted(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (err) {
    if (!isStatus(err, 404)) throw err;
  }
}

export type { ReleasePage } from './release-pages';

export class ReleaseApi {
  /** How the releases were listed (GraphQL first, REST after), for the plan's notes and the summary. */
  private readonly lists: GraphqlFirst;

  constructor(
    readonly client: Client,
    readonly ref: RepoRef,
    log?: Pick<Logger, 'info'>,
    /**
     * Set for a draft without a tag (tag ""): the release is then the draft with tag_name "" and this name (""
     * matching a draft without one). Only REST's list is read: GitHub's tag lookups have no answer for an empty tag.
     */
    readonly untaggedName?: string,
  ) {
    this.lists = new GraphqlFirst(
      { queries: 0, points: 0, fallback: null },
      log,
      'the releases are listed through REST',
    );
  }

  /** One write of this repository's releases, with its declaration: its answer's body. */
  private write(rule: WriteRule, params: object, policy?: { retries?: number }): Promise<unknown> {
    return requestDeclared(this.client.octokit, rule, { ...this.ref, ...params }, policy);
  }

  get listAccount(): ReadAccount {
    return this.lists.account;
  }

  /** True while the list is read through GraphQL (its budget can pay a query and nothing failed yet). */
  listsThroughGraphql(): boolean {
    if (this.untaggedName !== undefined) return false;
    return this.lists.serving && this.lists.serves(this.client.graphqlUnavailable(releaseLocate.points)?.message);
  }

  /** Lists through REST from now on (GraphQL's answer cannot be trusted with what the caller needs). */
  stopGraphqlList(reason: string): void {
    this.lists.fallBack(reason);
  }

  /** One release by id, whole (assets, upload URL); undefined on 404 (deleted meanwhile). */
  async getById(id: number): Promise<RemoteRelease | undefined> {
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/{release_id}', {
        request: { ...declared(reads.byId), noCache: true },
        ...this.ref,
        release_id: id,
      });
      return parseRelease(data);
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  /** The published release of a tag (GitHub hides drafts from this endpoint); undefined on 404. */
  async getByTag(tag: string): Promise<RemoteRelease | undefined> {
    // No published release is untagged; GET /releases/tags/ with an empty tag is another route.
    if (tag === '') return undefined;
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/tags/{tag}', {
        request: declared(reads.byTag),
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
   * page, and whether another page follows. Through GraphQL while it answers (each release read whole through REST
   * only once chosen); through REST once it does not (an error, an unexpected answer, its budget spent), from the
   * first page (a page already seen is listed again: the notes' previous tag is the same on either copy).
   */
  async *releasePages(tag: string): AsyncGenerator<ReleasePage> {
    if (this.listsThroughGraphql()) {
      const ask = async (variables: { tag: string; after: string | null }) => {
        const paid = (points: number) => this.lists.count(points);
        const { data } = await sendQuery(
          this.client,
          releaseLocate,
          { owner: this.ref.owner, name: this.ref.repo, ...variables },
          paid,
        );
        return data;
      };
      let shown = false;
      try {
        for await (const page of graphqlReleasePages(tag, ask, (id) => this.getById(id))) {
          shown ||= page.all.some((r) => r.draft) || page.hits.length > 0 || !!page.published;
          yield page;
        }
      } catch (err) {
        this.lists.fallBack(messageOf(err));
        yield* this.restReleasePages(tag);
        return;
      }
      // Every page read, no release of the tag and no draft at all: GraphQL may hide drafts from this token.
      if (!shown) yield* this.hiddenDrafts(tag);
      return;
    }
    yield* this.restReleasePages(tag);
  }

  /**
   * REST's first page, for the drafts of the tag GraphQL did not show: GraphQL's release list can hide drafts from
   * the workflow token while REST lists them (cli/cli#9076: `gh release list` shows no drafts under GITHUB_TOKEN).
   * Without this read a run would create a second draft beside one a failed or concurrent run left (every such
   * draft is recent: on the first page). One request, only when GraphQL showed no draft and no release of the tag.
   * A draft here that GraphQL did not show means it hides them: the list is read through REST from then on.
   */
  private async *hiddenDrafts(tag: string): AsyncGenerator<ReleasePage> {
    const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases', {
      request: { ...declared(reads.releases), noCache: true },
      ...this.ref,
      per_page: 100,
    });
    const drafts = (data as unknown[]).map(parseRelease).filter((r) => r.draft);
    if (drafts.length > 0)
      this.lists.fallBack(`the GraphQL list hid ${drafts.length === 1 ? 'a draft' : 'drafts'} REST's list shows`);
    yield { hits: drafts.filter((r) => this.isOf(r, tag)).map(hitOf), all: [], more: false };
  }

  /** A listed release of `tag`, or (tag "") the untagged draft of this run's name. */
  private isOf(release: RemoteRelease, tag: string): boolean {
    if (release.tag_name !== tag) return false;
    return tag !== '' || (release.draft && (release.name ?? '') === (this.untaggedName ?? ''));
  }

  /** The REST list page by page (a short page does not mean the end: the `Link` header says whether more follow). */
  private async *restReleasePages(tag: string): AsyncGenerator<ReleasePage> {
    const pages = this.client.pageAnswers('GET /repos/{owner}/{repo}/releases', {
      request: declared(reads.releases),
      ...this.ref,
    });
    for await (const { data, headers } of pages) {
      const all = (data as unknown[]).map(parseRelease);
      yield {
        hits: all.filter((r) => this.isOf(r, tag)).map(hitOf),
        all,
        more: /rel="next"/.test(String((headers as { link?: string }).link ?? '')),
      };
    }
  }

  /** The latest release's id (GitHub's "Latest" badge); undefined when there is none. */
  async latestId(): Promise<number | undefined> {
    try {
      const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}/releases/latest', {
        request: declared(reads.latest),
        ...this.ref,
      });
      return (data as { id: number }).id;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  /** `retries: 0`: no blind retry (the caller looks for the draft after a lost answer). */
  async create(params: CreateParams, options: { retries?: number } = {}): Promise<RemoteRelease> {
    return parseRelease(await this.write(writes.createRelease, params, options));
  }

  async update(id: number, params: UpdateParams): Promise<RemoteRelease> {
    return parseRelease(await this.write(writes.updateRelease, { release_id: id, ...params }));
  }

  /** Deletes a release (already gone counts as deleted). */
  async deleteRelease(id: number): Promise<void> {
    await deleted(this.write(writes.deleteRelease, { release_id: id }));
  }

  /** The release's assets, fresh (every page, never from the cache: an interrupted upload changes them). */
  async listAssets(releaseId: number): Promise<RemoteAsset[]> {
    const all = await this.client.paginate('GET /repos/{owner}/{repo}/releases/{release_id}/assets', {
      request: { ...declared(reads.assets), noCache: true },
      ...this.ref,
      release_id: releaseId,
    });
    return all.map(parseAsset);
  }

  /** Renames an asset or sets its label (what is not given stays). */
  async editAsset(id: number, change: { name?: string; label?: string }): Promise<RemoteAsset> {
    return parseAsset(await this.write(writes.updateAsset, { asset_id: id, ...change }));
  }

  /** The repository's default branch (`GET /repos/{owner}/{repo}`). */
  async defaultBranch(): Promise<string> {
    const { data } = await this.client.octokit.request('GET /repos/{owner}/{repo}', {
      request: declared(reads.repository),
      ...this.ref,
    });
    return z.object({ default_branch: z.string().min(1) }).parse(data).default_branch;
  }

  /**
   * The names of the repository's discussion categories (one GraphQL query; at most 100 exist per repository), and
   * the server's GitHub Enterprise Server version when its answer names one (`x-github-enterprise-version`, on every
   * GHES answer: "Getting started with the REST API", response headers) — the same request, no extra read.
   */
  async discussionCategories(): Promise<{ names: string[]; enterpriseVersion?: string }> {
    const variables = { owner: this.ref.owner, name: this.ref.repo };
    const { data } = await sendQuery(this.client, releaseDiscussionCategories, variables).catch((err: unknown) => {
      // The plan quotes GitHub's own words (such as "Resource not accessible by integration" for a private
      // repository the token may not read discussions of), not the document's name.
      throw err instanceof GraphqlError ? new Error(err.errors.map((e) => e.message).join('; ')) : err;
    });
    if (!data.repository) throw new Error('the repository was not found');
    const names = (data.repository.discussionCategories.nodes ?? []).flatMap((n) => (n ? [n.name] : []));
    const enterpriseVersion = this.client.telemetry.snapshot().enterpriseVersion;
    return enterpriseVersion ? { names, enterpriseVersion } : { names };
  }

  async deleteAsset(id: number): Promise<void> {
    await deleted(this.write(writes.deleteAsset, { asset_id: id }));
  }

  /** Release notes GitHub generates for a tag (from the merged pull requests since the previous release). */
  async generateNotes(tag: string, target?: string, previousTag?: string): Promise<string> {
    const data = await this.write(writes.generateNotes, {
      tag_name: tag,
      ...(target ? { target_commitish: target } : {}),
      ...(previousTag ? { previous_tag_name: previousTag } : {}),
    });
    const { body } = data as { body?: unknown };
    return typeof body === 'string' ? body : '';
  }
}
