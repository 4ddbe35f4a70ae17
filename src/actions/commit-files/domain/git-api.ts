// The git database endpoints this action uses, each one request through the shared client, answers parsed
// with zod. Branch names go into URLs segment by segment, so `feature/x` stays a path.
import { declared } from '../../../github/client/declared';
import { reads } from '../reads';
import { writes } from '../writes';
import { z } from 'zod';
import { pathSegment } from '../../../github/names';
import { classifyError, isApiError, isStatus } from '../../../github/client';
import type { Client } from '../../../github/client/types';
import { uploadBlob } from './blob-upload';
import type { Identity } from '../inputs';
import type { LocalFile } from './local';
import { treeResponseSchema, type TreeReader } from './remote-tree';

export type TreeMode = '100644' | '100755' | '120000' | '040000' | '160000';

export interface TreeWriteEntry {
  path: string;
  mode: TreeMode;
  type: 'blob' | 'commit';
  sha?: string | null;
  content?: string;
}

export interface CreatedCommit {
  sha: string;
  url: string;
  verified: boolean;
}

export interface Comparison {
  status: string;
  totalCommits: number;
  /** The compared head (last commit listed), when every commit was listed. */
  head?: { sha: string; tree: string };
  /** The commits listed (at most 250): on `head`, not on `base`, oldest first. */
  commits: string[];
  /** The same commits with their parents. */
  listed?: { sha: string; parents: string[] }[];
  /** Files changed between the two commits (`previous_filename` included for renames). */
  files: { path: string; status: string; sha?: string | null }[];
  /** GitHub lists at most 300 files. */
  filesComplete: boolean;
}

/** Tries of a ref write GitHub answers with its lag (about 1, 2, 4 s apart). */
export const REF_LAG_TRIES = 4;

const refSchema = z.object({ object: z.object({ sha: z.string() }) });
const shaSchema = z.object({ sha: z.string() });
const commitSchema = z.object({
  sha: z.string(),
  html_url: z.string().optional(),
  verification: z.object({ verified: z.boolean() }).partial().nullish(),
});
const repoSchema = z.object({ default_branch: z.string(), html_url: z.string().optional() });
const compareSchema = z.object({
  status: z.string(),
  total_commits: z.number(),
  commits: z.array(
    z.object({
      sha: z.string(),
      commit: z.object({ tree: z.object({ sha: z.string() }) }),
      parents: z
        .array(z.object({ sha: z.string() }))
        .optional()
        .default([]),
    }),
  ),
  files: z
    .array(
      z.object({
        filename: z.string(),
        status: z.string(),
        sha: z.string().nullish(),
        previous_filename: z.string().optional(),
      }),
    )
    .optional()
    .default([]),
});

/** `heads/<branch>` with each segment through the one encoder (`feature/x` stays two segments). */
export function branchRefPath(branch: string): string {
  return `heads/${branch.split('/').map(pathSegment).join('/')}`;
}

/** `tags/<tag>`, likewise. */
export function tagRefPath(tag: string): string {
  return `tags/${tag.split('/').map(pathSegment).join('/')}`;
}

/** GitHub's refusal of a push that changes workflow files with a token lacking the `workflows` permission. */
export function isWorkflowRefusal(err: unknown): boolean {
  return isApiError(err) && /without [`']?workflows?[`']? (permission|scope)/i.test(err.apiMessage);
}

/** GitHub's answer when GitHub Actions may not open pull requests in this repository (a repository setting). */
export function isActionsPullRequestRefusal(err: unknown): boolean {
  return (
    isStatus(err, 403) && isApiError(err) && /not permitted to create or approve pull requests/i.test(err.apiMessage)
  );
}

/** GitHub's answer when a ref update is not a fast-forward. */
export function isNotFastForward(err: unknown): boolean {
  return isStatus(err, 422) && isApiError(err) && /fast[- ]forward/i.test(err.apiMessage);
}

/** GitHub's answer when the ref to update does not exist (the branch was deleted). */
export function isMissingRef(err: unknown): boolean {
  return isStatus(err, 422) && isApiError(err) && /reference does not exist/i.test(err.apiMessage);
}

/** A repository without any commit: GitHub answers 409 "Git Repository is empty." on every git database route. */
export class EmptyRepositoryError extends Error {
  constructor(repository: string) {
    super(
      `${repository} is empty (it has no commit yet), and GitHub's git database API cannot commit to an empty repository ` +
        '(409 "Git Repository is empty."). Push a first commit (for example add a README on github.com), then run again. Nothing was written.',
    );
    this.name = 'EmptyRepositoryError';
  }
}

export class GitApi implements TreeReader {
  constructor(
    readonly client: Client,
    readonly owner: string,
    readonly repo: string,
    private readonly serverUrl: string,
  ) {}

  private get base() {
    return { owner: this.owner, repo: this.repo };
  }

  /** The branch's head commit, or undefined when the branch does not exist. */
  async readBranch(branch: string): Promise<string | undefined> {
    try {
      const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/ref/{+ref}', {
        request: declared(reads.ref),
        ...this.base,
        ref: branchRefPath(branch),
      });
      return refSchema.parse(res.data).object.sha;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      if (isStatus(err, 409)) throw new EmptyRepositoryError(`${this.owner}/${this.repo}`);
      throw err;
    }
  }

  async defaultBranch(): Promise<string> {
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}', {
      ...this.base,
      request: declared(reads.repository),
    });
    return repoSchema.parse(res.data).default_branch;
  }

  /** The tree of a commit (`GET /git/commits/{sha}`). */
  async commitTree(sha: string): Promise<string> {
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
      request: declared(reads.commit),
      ...this.base,
      commit_sha: sha,
    });
    return z.object({ tree: z.object({ sha: z.string() }) }).parse(res.data).tree.sha;
  }

  async read(sha: string, recursive: boolean) {
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      request: declared(reads.tree),
      ...this.base,
      tree_sha: sha,
      ...(recursive ? { recursive: '1' } : {}),
    });
    return treeResponseSchema.parse(res.data);
  }

  async createBlob(file: LocalFile): Promise<string> {
    return uploadBlob(this.client, this.owner, this.repo, file);
  }

  async createTree(baseTree: string, tree: TreeWriteEntry[]): Promise<string> {
    const res = await this.client.octokit.request('POST /repos/{owner}/{repo}/git/trees', {
      request: declared(writes.createTree),
      ...this.base,
      base_tree: baseTree,
      tree,
    });
    return shaSchema.parse(res.data).sha;
  }

  /**
   * A commit object. With `author` or `committer` set, GitHub does not sign it, so it is not verified ("Signature
   * verification for bots will only work if the request … contains no custom author information, custom committer
   * information": docs.github.com, About commit signature verification; create-pull-request#1241).
   */
  async createCommit(
    message: string,
    tree: string,
    parents: string[],
    people: { author?: Identity; committer?: Identity } = {},
  ): Promise<CreatedCommit> {
    const res = await this.client.octokit.request('POST /repos/{owner}/{repo}/git/commits', {
      request: declared(writes.createCommit),
      ...this.base,
      message,
      tree,
      parents,
      ...(people.author ? { author: people.author } : {}),
      ...(people.committer ? { committer: people.committer } : {}),
    });
    const commit = commitSchema.parse(res.data);
    return {
      sha: commit.sha,
      url: commit.html_url ?? `${this.serverUrl.replace(/\/+$/, '')}/${this.owner}/${this.repo}/commit/${commit.sha}`,
      verified: commit.verification?.verified === true,
    };
  }

  /** Moves the branch; without `force` GitHub accepts only a fast-forward (422 otherwise). */
  async updateBranch(branch: string, sha: string, force = false): Promise<void> {
    await this.withRefLag(branch, sha, () =>
      this.client.octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{+ref}', {
        request: declared(writes.updateRef),
        ...this.base,
        ref: branchRefPath(branch),
        sha,
        force,
      }),
    );
  }

  async createBranch(branch: string, sha: string): Promise<void> {
    await this.withRefLag(branch, sha, () =>
      this.client.octokit.request('POST /repos/{owner}/{repo}/git/refs', {
        request: declared(writes.createRef),
        ...this.base,
        ref: `refs/heads/${branch}`,
        sha,
      }),
    );
  }

  /**
   * A ref write GitHub answers 422 "Reference update failed" right after the ref moved (its read-after-write lag:
   * rest-api-description#4887, gitbutler#4904): confirmed by reading the branch (already at `sha`: done), else sent
   * again after the client's back-off, at most REF_LAG_TRIES times in all.
   */
  private async withRefLag(branch: string, sha: string, write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await write();
        return;
      } catch (err) {
        if (classifyError(err)?.kind !== 'lag') throw err;
        if ((await this.readBranch(branch).catch(() => undefined)) === sha) return;
        if (attempt + 1 >= REF_LAG_TRIES) throw err;
        await this.client.retry.sleep(this.client.retry.backoff(attempt));
      }
    }
  }

  async deleteBranch(branch: string): Promise<void> {
    try {
      await this.client.octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{+ref}', {
        request: declared(writes.deleteRef),
        ...this.base,
        ref: branchRefPath(branch),
      });
    } catch (err) {
      // Already gone (a lost answer of an earlier attempt, or deleted meanwhile): the goal is reached.
      if (isStatus(err, 422) || isStatus(err, 404)) return;
      throw err;
    }
  }

  /** Branches whose names nest with `branch` (`feature` for `feature/x`, `feature/x/...` for `feature/x`). */
  async nestingBranches(branch: string): Promise<string[]> {
    const segments = branch.split('/');
    // One read lists every branch starting with the first segment: both directions of nesting are among them.
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/matching-refs/{+ref}', {
      request: declared(reads.matchingRefs),
      ...this.base,
      ref: `heads/${pathSegment(segments[0] ?? branch)}`,
    });
    const names = z
      .array(z.object({ ref: z.string() }))
      .parse(res.data)
      .map((r) => r.ref.replace(/^refs\/heads\//, ''));
    return names.filter((name) => name !== branch && (branch.startsWith(`${name}/`) || name.startsWith(`${branch}/`)));
  }

  /** The commit a tag points to (annotated tags dereferenced), or undefined when the tag does not exist. */
  async readTag(tag: string): Promise<{ commit: string; object: string } | undefined> {
    let object: { sha: string; type: string };
    try {
      const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/ref/{+ref}', {
        request: declared(reads.ref),
        ...this.base,
        ref: tagRefPath(tag),
      });
      object = z.object({ object: z.object({ sha: z.string(), type: z.string() }) }).parse(res.data).object;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
    if (object.type !== 'tag') return { commit: object.sha, object: object.sha };
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/git/tags/{tag_sha}', {
      request: declared(reads.tag),
      ...this.base,
      tag_sha: object.sha,
    });
    const target = z.object({ object: z.object({ sha: z.string() }) }).parse(res.data).object.sha;
    return { commit: target, object: object.sha };
  }

  /** An annotated tag object (content-addressed: a repeat after a lost answer makes at most an unused object). */
  async createTagObject(tag: string, message: string, commit: string): Promise<{ sha: string; verified: boolean }> {
    const res = await this.client.octokit.request('POST /repos/{owner}/{repo}/git/tags', {
      request: declared(writes.createTag),
      ...this.base,
      tag,
      message,
      object: commit,
      type: 'commit',
    });
    const data = z
      .object({ sha: z.string(), verification: z.object({ verified: z.boolean() }).partial().nullish() })
      .parse(res.data);
    return { sha: data.sha, verified: data.verification?.verified === true };
  }

  async createTagRef(tag: string, sha: string): Promise<void> {
    await this.client.octokit.request('POST /repos/{owner}/{repo}/git/refs', {
      request: declared(writes.createRef),
      ...this.base,
      ref: `refs/tags/${tag}`,
      sha,
    });
  }

  /** `GET /compare/{base}...{head}`: what changed on `head` since `base`. */
  async compare(base: string, head: string): Promise<Comparison> {
    const escape = (ref: string) => ref.split('/').map(pathSegment).join('/');
    const res = await this.client.octokit.request('GET /repos/{owner}/{repo}/compare/{+basehead}', {
      request: { ...declared(reads.compare), noCache: true },
      ...this.base,
      basehead: `${escape(base)}...${escape(head)}`,
    });
    const data = compareSchema.parse(res.data);
    const files = data.files.flatMap((f) => [
      { path: f.filename, status: f.status, sha: f.sha },
      ...(f.previous_filename ? [{ path: f.previous_filename, status: 'removed', sha: null }] : []),
    ]);
    const last = data.commits[data.commits.length - 1];
    const complete = data.commits.length === data.total_commits && last !== undefined;
    return {
      status: data.status,
      totalCommits: data.total_commits,
      ...(complete ? { head: { sha: last.sha, tree: last.commit.tree.sha } } : {}),
      commits: data.commits.map((c) => c.sha),
      listed: data.commits.map((c) => ({ sha: c.sha, parents: c.parents.map((p) => p.sha) })),
      files,
      filesComplete: data.files.length < 300,
    };
  }
}
