// The event decides the mode. Pure: (event name, payload) → what to do. Payloads are parsed with zod into
// the few fields used; anything unexpected is ignored with a reason, never a crash. Usable by the action
// (GITHUB_EVENT_NAME / GITHUB_EVENT_PATH) and by a webhook receiver (X-GitHub-Event / body) alike.
import { z } from 'zod';
import { ApiIssue } from './item';

export type Mode =
  | { kind: 'item'; number: number; isPullRequest: boolean; action: string }
  | {
      kind: 'command';
      number: number;
      isPullRequest: boolean;
      comment: { id: number; body: string; user: string; isBot: boolean };
    }
  | {
      kind: 'workflow';
      run: { id: number; name: string; conclusion: string | null };
      pullRequests: number[];
      /** The run's head, to find its pull request when GitHub lists none (runs of pull requests from forks). */
      head?: { owner: string; branch: string; sha: string };
    }
  | { kind: 'sweep'; trigger: 'schedule' | 'workflow_dispatch' }
  | { kind: 'ignore'; reason: string };

const ITEM_ACTIONS = ['opened', 'edited', 'reopened'];
const PULL_ACTIONS = ['opened', 'edited', 'reopened', 'synchronize'];

const User = z.looseObject({ login: z.string(), type: z.string().nullish() });
const Repository = z.looseObject({ id: z.number().nullish() }).nullish();

const IssuesEvent = z.looseObject({ action: z.string(), issue: ApiIssue });
const PullRequestEvent = z.looseObject({
  action: z.string(),
  pull_request: z.looseObject({ number: z.number().int() }),
});
const IssueCommentEvent = z.looseObject({
  action: z.string(),
  issue: ApiIssue,
  comment: z.looseObject({ id: z.number().int(), body: z.string().nullish(), user: User.nullish() }),
});
const RunPullRequest = z.looseObject({
  number: z.number().int(),
  base: z.looseObject({ repo: z.looseObject({ id: z.number().nullish() }).nullish() }).nullish(),
});
const WorkflowRunEvent = z.looseObject({
  action: z.string(),
  repository: Repository,
  workflow_run: z.looseObject({
    id: z.number(),
    name: z.string().nullish(),
    conclusion: z.string().nullish(),
    event: z.string().nullish(),
    head_branch: z.string().nullish(),
    head_sha: z.string().nullish(),
    head_repository: z.looseObject({ owner: z.looseObject({ login: z.string() }).nullish() }).nullish(),
    pull_requests: z.array(RunPullRequest).nullish(),
  }),
});

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'payload'}: ${first.message}` : 'invalid payload';
}

function actionOf(payload: unknown): string {
  const action = (payload as { action?: unknown } | null)?.action;
  return typeof action === 'string' ? action : '';
}

type Ignore = Extract<Mode, { kind: 'ignore' }>;

/** The payload of an event whose action is handled, parsed into the fields used; else why it is ignored. */
function accepted<T extends z.ZodType>(
  eventName: string,
  payload: unknown,
  actions: readonly string[],
  schema: T,
): { kind: 'accepted'; action: string; data: z.output<T> } | Ignore {
  const action = actionOf(payload);
  if (!actions.includes(action))
    return { kind: 'ignore', reason: `${eventName}.${action || '?'} is not handled (only ${actions.join(', ')})` };
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return { kind: 'ignore', reason: `malformed ${eventName} payload (${describe(parsed.error)})` };
  return { kind: 'accepted', action, data: parsed.data };
}

export function dispatch(eventName: string, payload: unknown): Mode {
  switch (eventName) {
    case 'issues': {
      const event = accepted(eventName, payload, ITEM_ACTIONS, IssuesEvent);
      if (event.kind === 'ignore') return event;
      const { issue } = event.data;
      return { kind: 'item', number: issue.number, isPullRequest: issue.pull_request != null, action: event.action };
    }
    case 'pull_request':
    case 'pull_request_target': {
      const event = accepted(eventName, payload, PULL_ACTIONS, PullRequestEvent);
      if (event.kind === 'ignore') return event;
      return { kind: 'item', number: event.data.pull_request.number, isPullRequest: true, action: event.action };
    }
    case 'issue_comment': {
      const event = accepted(eventName, payload, ['created'], IssueCommentEvent);
      if (event.kind === 'ignore') return event;
      const { issue, comment } = event.data;
      const user = comment.user?.login ?? '';
      if (!user) return { kind: 'ignore', reason: 'the comment has no author' };
      return {
        kind: 'command',
        number: issue.number,
        isPullRequest: issue.pull_request != null,
        comment: {
          id: comment.id,
          body: comment.body ?? '',
          user,
          isBot: comment.user?.type === 'Bot' || user.endsWith('[bot]'),
        },
      };
    }
    case 'workflow_run': {
      const event = accepted(eventName, payload, ['completed'], WorkflowRunEvent);
      if (event.kind === 'ignore') return event;
      const { workflow_run: run, repository } = event.data;
      // Pull requests of other repositories (a fork's own) are not ours to touch.
      const ours = (run.pull_requests ?? []).filter(
        (pr) => !repository?.id || !pr.base?.repo?.id || pr.base.repo.id === repository.id,
      );
      const mode: Mode = {
        kind: 'workflow',
        run: { id: run.id, name: run.name ?? '', conclusion: run.conclusion ?? null },
        pullRequests: [...new Set(ours.map((pr) => pr.number))],
      };
      const owner = run.head_repository?.owner?.login;
      if (
        mode.pullRequests.length === 0 &&
        run.event?.startsWith('pull_request') &&
        owner &&
        run.head_branch &&
        run.head_sha
      )
        mode.head = { owner, branch: run.head_branch, sha: run.head_sha };
      return mode;
    }
    case 'schedule':
    case 'workflow_dispatch':
      return { kind: 'sweep', trigger: eventName };
    default:
      return { kind: 'ignore', reason: `the ${eventName || 'unknown'} event is not handled` };
  }
}
