// The scenario an emulator is seeded from, and the options it runs with.

export type Level = 'none' | 'read' | 'write' | 'admin';
export type TokenKind = 'workflow' | 'user' | 'installation';
export type Role = 'read' | 'triage' | 'write' | 'maintain' | 'admin';

export interface TokenSeed {
  kind: TokenKind;
  /** The identity the token acts as (default: `github-actions[bot]` for workflow tokens). */
  login?: string;
  /** The App of an installation token (its comments' `performed_via_github_app.id`). */
  appId?: number;
  /** The installation this token belongs to (with `appId`: the App lists it and exchanges its JWT for this token). */
  installationId?: number;
  /** Repositories ('owner/name') the token may see beyond public ones. Workflow tokens: the first is "its" repository. */
  repositories?: string[];
  /** Scope → level, e.g. `{ issues: 'write', contents: 'read' }`. Omitted on a user token: full access (classic token). `metadata: read` is implied. */
  permissions?: Record<string, Level>;
}

/** A file on a branch: its text, or bytes / mode for special files (100755 executable, 120000 symlink). */
export type FileSeed = string | { content: string | Buffer; mode?: '100644' | '100755' | '120000' };

export interface CommentSeed {
  body: string;
  user?: string;
  /** Made through this App's token (`performed_via_github_app.id`; 15368 is GitHub Actions). */
  viaApp?: number;
  createdAt?: string;
}

export interface PullSeed {
  /** Head branch (must exist in `branches`, unless `files` is given). */
  head: string;
  /** Base branch (default: the repository's default branch). */
  base?: string;
  draft?: boolean;
  /** Logins who have reviewed it (they are no longer "requested"). */
  reviewedBy?: string[];
  merged?: boolean;
  mergedAt?: string;
  /** Changed files; computed by diffing head against base when omitted. */
  files?: {
    filename: string;
    status?: 'added' | 'modified' | 'removed' | 'renamed';
    additions?: number;
    deletions?: number;
    previous_filename?: string;
  }[];
}

export interface IssueSeed {
  number?: number;
  title: string;
  body?: string | null;
  user?: string;
  state?: 'open' | 'closed';
  stateReason?: 'completed' | 'not_planned' | 'reopened' | null;
  labels?: string[];
  assignees?: string[];
  createdAt?: string;
  updatedAt?: string;
  closedAt?: string;
  locked?: boolean;
  comments?: CommentSeed[];
  /** The milestone's title. */
  milestone?: string;
  /** Present: this item is a pull request. */
  pull?: PullSeed;
  /** The issue's type (GitHub's issue types), e.g. `Bug`. */
  type?: string;
  /** Who put a label on and when (`labeled` events of GET …/issues/{n}/events). */
  labelEvents?: { label: string; actor: string; createdAt: string }[];
}

export interface AssetSeed {
  name: string;
  content: string | Buffer;
  contentType?: string;
  label?: string;
  state?: 'uploaded' | 'starter';
}

export interface ReleaseSeed {
  tag: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  /** Branch or commit the tag is created at (default: the default branch). */
  target?: string;
  createdAt?: string;
  assets?: AssetSeed[];
}

export interface RepoSeed {
  owner: string;
  name: string;
  private?: boolean;
  description?: string;
  language?: string;
  stars?: number;
  topics?: string[];
  defaultBranch?: string;
  /** branch → path → file. The default branch always exists (empty tree if not given). */
  branches?: Record<string, Record<string, FileSeed>>;
  labels?: { name: string; color?: string; description?: string | null }[];
  issues?: IssueSeed[];
  releases?: ReleaseSeed[];
  /** login → role. The owner is always admin. */
  collaborators?: Record<string, Role>;
  /** Members of the owning organisation and whether their membership is public. */
  members?: Record<string, 'public' | 'private'>;
  /** Logins that are mannequins (placeholders of unclaimed users). */
  mannequins?: string[];
  /** Former 'owner/name's: requests to them answer 301. */
  renamedFrom?: string[];
  immutableReleases?: boolean;
  /** Open milestones (`PATCH /issues/{n}` with another number answers 422). */
  milestones?: { number: number; title: string }[];
  /**
   * The setting "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General). GitHub's
   * default for a new repository is off; the emulator's default is on so that scenarios opt into the refusal.
   */
  actionsCanCreatePullRequests?: boolean;
  /** Discussion categories (default: the ones GitHub creates when discussions are enabled); [] = discussions off. */
  discussionCategories?: string[];
}

/**
 * What an emulator is seeded from. A scenario file (`npm run emulator -- --scenario`) is checked against
 * `scenario-schema.ts`, which requires more than this type: at least one token and one repository, text where a
 * file holds bytes, and no key this type does not name.
 */
export interface Scenario {
  repositories: RepoSeed[];
  /** Required in a scenario file (without a token no request is answered); a test may seed none. */
  tokens?: Record<string, TokenSeed>;
  /** Default for every repository's `immutableReleases`. */
  immutableReleases?: boolean;
}

export interface EmulatorOptions {
  /** Multiplies every rate-limit window (0.01: an hour lasts 36 s). Default 1. */
  timeScale?: number;
  /** Latency added to every request (ms). */
  latencyMs?: number;
  /** `GET /git/trees/{sha}?recursive=1` answers at most this many entries and `truncated: true`. */
  truncateTreesAbove?: number;
  /** Status of a primary-limit rejection (403, as GitHub mostly answers, or 429). */
  primaryLimitStatus?: 403 | 429;
  /**
   * How a secondary-limit rejection answers: 403 (default) or 429, with `retry-after` (default) or without.
   * GitHub's docs ("Rate limits for the REST API", exceeding the secondary rate limit): "you will receive a 403
   * or 429 response"; "If the retry-after response header is present, you should not retry … until after that
   * many seconds"; otherwise wait at least one minute.
   */
  secondaryLimit?: { status?: 403 | 429; retryAfter?: boolean };
  /**
   * Strict secondary limits (`limits.ts`, `StrictSecondary`): per identity, a mutative request while another is in
   * flight is refused, writes closer than a second apart are refused past a small burst, and the per-minute write
   * allowance is below GitHub's published 80. Refusals answer as `secondaryLimit` says. `true` takes the defaults.
   */
  strictSecondary?: boolean | Partial<StrictSecondary>;
  /** Overrides of the limits (per identity). */
  limits?: Partial<Limits>;
  /** The contents JSON omits `content` above this size (default 1 MiB). */
  contentsInlineMax?: number;
  /**
   * GitHub Enterprise Server: the API under `/api/v3`, GraphQL at `/api/graphql`, uploads at `/api/uploads`, all on
   * one origin, and `x-github-enterprise-version` on every answer (`ghes.ts`). Default: the `EMULATOR_MODE`
   * environment variable (`ghes` switches every emulator of a test run), else github.com.
   */
  ghes?: boolean | { version?: string };
  /**
   * The primary rate limit. Off (GitHub Enterprise Server's default): no `x-ratelimit-*` header on any answer and
   * `GET /rate_limit` answers 404 "Rate limiting is not enabled." Default: on for github.com, off for GHES.
   */
  rateLimiting?: boolean;
  /**
   * GitHub Enterprise Cloud: a workflow token has 15,000 requests an hour for an enterprise-owned repository
   * (docs.github.com, "Rate limits for the REST API", primary rate limit for GITHUB_TOKEN).
   */
  enterpriseCloud?: boolean;
  /**
   * GraphQL's `Repository.releases` (and a release's node) hides drafts from a workflow token (GITHUB_TOKEN), while
   * REST's list shows them: cli/cli#9076 reports `gh release list` (GraphQL) listing no drafts under GITHUB_TOKEN
   * in Actions, the same drafts `gh api repos/{owner}/{repo}/releases` lists. Default: off.
   */
  graphqlHidesDrafts?: boolean;
  /** The API's port on 127.0.0.1 (default: any free port); the uploads host always takes a free one. */
  port?: number;
}

/** The strict secondary-limit mode's numbers (GitHub time; the emulator scales them by `timeScale`). */
export interface StrictSecondary {
  /** Mutative requests of one identity in flight at once (GitHub: "make requests serially"). */
  writesInFlight: number;
  /** Least spacing between two writes of one identity, in ms, once the burst is spent. */
  spacingMs: number;
  /** Writes that may go closer than `spacingMs` (a token bucket refilled one per `spacingMs`). */
  burst: number;
  /** Content-creating requests a minute (below the published 80). */
  writesPerMinute: number;
}

export const STRICT_SECONDARY: StrictSecondary = { writesInFlight: 1, spacingMs: 1000, burst: 5, writesPerMinute: 60 };

export interface Limits {
  workflow: number;
  user: number;
  installation: number;
  anonymous: number;
  search: number;
  searchAnonymous: number;
  writesPerMinute: number;
  writesPerHour: number;
  pointsPerMinute: number;
  concurrent: number;
}

export const DEFAULT_LIMITS: Limits = {
  workflow: 1000,
  user: 5000,
  installation: 5000,
  anonymous: 60,
  search: 30,
  searchAnonymous: 10,
  writesPerMinute: 80,
  writesPerHour: 500,
  pointsPerMinute: 900,
  concurrent: 100,
};
