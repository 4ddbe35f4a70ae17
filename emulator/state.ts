// The emulator's in-memory model of GitHub: repositories with git objects, labels, issues, pull requests,
// comments, releases, collaborators. Tests read it for assertions; routes mutate it.
import { ObjectStore, type FlatTree, type Person, type TreeMode } from './git-objects';
import type { IssueMove } from './issue-moves';
import type { Role, TokenSeed } from './types';

export class Clock {
  /** Added to every timestamp the emulator writes (created_at, commit dates, ...). Not to rate-limit windows. */
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** ISO 8601 without milliseconds, as GitHub writes. */
  iso(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Label {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface Reaction {
  id: number;
  content: string;
  user: string;
  createdAt: string;
}

export interface Comment {
  id: number;
  issueNumber: number;
  body: string;
  user: string;
  createdAt: string;
  updatedAt: string;
  reactions: Reaction[];
  /** The App whose token made the comment (`performed_via_github_app`). */
  viaApp?: number;
}

export interface PullState {
  head: string;
  /** Frozen head sha when the head branch does not exist in the repository. */
  headSha?: string;
  base: string;
  draft: boolean;
  merged: boolean;
  mergedAt: string | null;
  files?: { filename: string; status?: string; additions?: number; deletions?: number; previous_filename?: string }[];
  /** Logins and team slugs whose review is requested; logins who reviewed. */
  requestedReviewers?: string[];
  requestedTeams?: string[];
  reviewedBy?: string[];
}

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  user: string;
  state: 'open' | 'closed';
  stateReason: string | null;
  labels: Label[];
  assignees: string[];
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  locked: boolean;
  reactions: Reaction[];
  pull?: PullState;
  /** The milestone's number (in `Repo.milestones`). */
  milestone?: number | null;
  /** The issue's type (GitHub's issue types), by name. */
  type?: string;
  /** Label events (GET …/issues/{n}/events), oldest first. */
  events?: IssueEvent[];
}

/** A `labeled` or `unlabeled` issue event: who put which label on, and when. */
export interface IssueEvent {
  id: number;
  event: 'labeled' | 'unlabeled';
  label: string;
  actor: string;
  createdAt: string;
}

export interface Asset {
  id: number;
  name: string;
  label: string | null;
  contentType: string;
  size: number;
  digest: string | null;
  state: 'uploaded' | 'starter';
  /** Where the bytes are (a temp file) or the bytes themselves (seeded). */
  file?: string;
  data?: Buffer;
  uploader: string;
  createdAt: string;
  updatedAt: string;
  downloadCount: number;
}

export interface Release {
  id: number;
  tag: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
  target: string;
  author: string;
  createdAt: string;
  publishedAt: string | null;
  immutable: boolean;
  assets: Asset[];
  /** The number of the discussion publishing opened (`discussion_category_name`), when one was. */
  discussion?: number;
}

export interface CommitMeta {
  verified: boolean;
  reason: string;
}

export class Repo {
  readonly objects = new ObjectStore();
  /** 'refs/heads/main' → commit sha */
  readonly refs = new Map<string, string>();
  labels: Label[] = [];
  readonly issues = new Map<number, Issue>();
  /** Numbers whose issue was transferred away or deleted (emulator/issue-moves.ts). */
  readonly movedIssues = new Map<number, IssueMove>();
  readonly comments = new Map<number, Comment>();
  releases: Release[] = [];
  latestReleaseId: number | null = null;
  readonly collaborators = new Map<string, Role>();
  /** Organisation members (lower-cased login → visibility of the membership). */
  readonly members = new Map<string, 'public' | 'private'>();
  /** Placeholders of unclaimed users (imported history), lower-cased. */
  readonly mannequins = new Set<string>();
  readonly commitMeta = new Map<string, CommitMeta>();
  nextNumber = 1;
  private: boolean;
  description: string | null = null;
  language: string | null = null;
  stars = 0;
  topics: string[] = [];
  immutableReleases = false;
  milestones: { number: number; title: string }[] = [];
  actionsCanCreatePullRequests = true;
  /** Tags once used by an immutable release: never usable again, even after the release and tag are deleted. */
  readonly immutableTagsUsed = new Set<string>();
  /** GitHub's default categories once discussions are enabled (docs: "Managing categories for discussions"). */
  discussionCategories: string[] = ['Announcements', 'General', 'Ideas', 'Polls', 'Q&A', 'Show and tell'];
  createdAt: string;
  pushedAt: string;

  constructor(
    readonly id: number,
    public owner: string,
    public name: string,
    public defaultBranch: string,
    isPrivate: boolean,
    now: string,
  ) {
    this.private = isPrivate;
    this.createdAt = now;
    this.pushedAt = now;
  }

  get fullName(): string {
    return `${this.owner}/${this.name}`;
  }

  branch(name: string): string | undefined {
    return this.refs.get(`refs/heads/${name}`);
  }

  /** A branch, tag or (abbreviated) commit sha → commit sha. */
  resolveRef(ref: string | undefined): string | undefined {
    if (!ref) return this.branch(this.defaultBranch);
    const r = ref.replace(/^refs\//, '');
    const direct = this.refs.get(`refs/${r}`) ?? this.refs.get(`refs/heads/${r}`) ?? this.refs.get(`refs/tags/${r}`);
    if (direct) return direct;
    const sha = this.objects.resolve(ref);
    return sha && this.objects.has(sha, 'commit') ? sha : undefined;
  }

  /** A new open issue (or, with `pull`, pull request), numbered next, stored and returned. */
  newIssue(
    fields: { id: number; title: string; body: string | null; user: string; now: string },
    pull?: PullState,
  ): Issue {
    const issue: Issue = {
      id: fields.id,
      number: this.nextNumber++,
      title: fields.title,
      body: fields.body,
      user: fields.user,
      state: 'open',
      stateReason: null,
      labels: [],
      assignees: [],
      createdAt: fields.now,
      updatedAt: fields.now,
      closedAt: null,
      locked: false,
      reactions: [],
      ...(pull ? { pull } : {}),
    };
    this.issues.set(issue.number, issue);
    return issue;
  }

  label(name: string): Label | undefined {
    const lower = name.toLowerCase();
    return this.labels.find((l) => l.name.toLowerCase() === lower);
  }

  role(login: string): Role | undefined {
    if (login.toLowerCase() === this.owner.toLowerCase()) return 'admin';
    return this.collaborators.get(login.toLowerCase());
  }

  /** Open issues and pull requests, as GitHub counts `open_issues_count`. */
  get openIssuesCount(): number {
    return [...this.issues.values()].filter((i) => i.state === 'open').length;
  }

  /** Files of a commit as a flat map. */
  filesAt(commitSha: string): FlatTree {
    const c = this.objects.commit(commitSha);
    return c ? this.objects.flatten(c.tree) : new Map();
  }
}

export interface Token extends TokenSeed {
  login: string;
}

export class State {
  readonly repos: Repo[] = [];
  /** Lower-cased former full names → repository. */
  readonly renamed = new Map<string, Repo>();
  readonly tokens = new Map<string, Token>();
  private readonly userIds = new Map<string, number>();
  private nextId = 1000;

  constructor(readonly clock: Clock) {}

  id(): number {
    return this.nextId++;
  }

  userId(login: string): number {
    const key = login.toLowerCase();
    if (!this.userIds.has(key))
      this.userIds.set(key, login === 'github-actions[bot]' ? 41898282 : 100 + this.userIds.size);
    return this.userIds.get(key)!;
  }

  repo(fullName: string): Repo | undefined {
    const lower = fullName.toLowerCase();
    return this.repos.find((r) => r.fullName.toLowerCase() === lower);
  }

  /** Test helper: the text of a file on a ref, or undefined. */
  fileAt(fullName: string, ref: string, path: string): string | undefined {
    const repo = this.mustRepo(fullName);
    const sha = repo.resolveRef(ref);
    const entry = sha ? repo.filesAt(sha).get(path) : undefined;
    return entry ? repo.objects.blob(entry.sha)?.toString() : undefined;
  }

  /** Test helper: commit sha of a branch. */
  branchSha(fullName: string, branch: string): string | undefined {
    return this.mustRepo(fullName).branch(branch);
  }

  /** Test helper: the commit message of a sha. */
  commit(fullName: string, sha: string) {
    return this.mustRepo(fullName).objects.commit(sha);
  }

  mustRepo(fullName: string): Repo {
    const r = this.repo(fullName);
    if (!r) throw new Error(`emulator: no repository ${fullName}`);
    return r;
  }

  person(login: string, date = this.clock.iso()): Person {
    const email = login.endsWith('[bot]')
      ? `${this.userId(login)}+${login}@users.noreply.github.com`
      : `${login}@users.noreply.github.com`;
    return { name: login, email, date };
  }

  /**
   * Commits files to a branch (creating it from the default branch when missing): path → content, null deletes.
   * Returns the new commit sha. Used by seeding, `faults.concurrentPush` and tests.
   */
  commitFiles(
    fullName: string,
    branch: string,
    files: Record<string, string | Buffer | { content: string | Buffer; mode?: TreeMode } | null>,
    message = 'Update files',
    login = 'octocat',
  ): string {
    const repo = this.mustRepo(fullName);
    const parent = repo.branch(branch) ?? repo.branch(repo.defaultBranch);
    const flat = parent ? repo.filesAt(parent) : new Map();
    for (const [path, f] of Object.entries(files)) {
      if (f === null) {
        flat.delete(path);
        continue;
      }
      const content = typeof f === 'string' || Buffer.isBuffer(f) ? f : f.content;
      const mode = typeof f === 'object' && !Buffer.isBuffer(f) && f.mode ? f.mode : '100644';
      flat.set(path, { mode, sha: repo.objects.putBlob(Buffer.from(content)) });
    }
    const tree = repo.objects.buildTree(flat);
    const who = this.person(login);
    const sha = repo.objects.putCommit({ tree, parents: parent ? [parent] : [], author: who, committer: who, message });
    repo.refs.set(`refs/heads/${branch}`, sha);
    repo.pushedAt = this.clock.iso();
    return sha;
  }
}
