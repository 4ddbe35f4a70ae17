// Plans one item: reads only what its rules need (the pull request for branch and size conditions, its changed
// files, the existing comments when a rule would comment on an item that has some), then calls the pure planners.
import type { Logger } from '../../../github/client/types';
import { decisionView, TooManyComments } from './comment-view';
import type { Rule, StaleSection } from './config';
import { staleSettingsFor, type StaleConfig } from './stale-settings';
import { labelNamed } from './stale-names-match';
import type { ItemFacts, WorkflowFacts } from './conditions';
import { describeItem, type Item } from './item';
import type { JobMemory } from './job-memory';
import {
  commentedRules,
  isOwnActor,
  isOwnComment,
  lastCloseMark,
  lastOwnComment,
  lastStaleMark,
  type CommentLike,
  type Identity,
} from './markers';
import { operation, type TriageOperation } from '../operations';
import { needsCommentCheck, needsFiles, needsPull, planRules } from '../plan';
import type { TriageReader } from './reader';
import {
  decideStale,
  keepsCloseLabel,
  MARK_TOLERANCE_MS,
  staleOperations,
  type MarkHistory,
  type StaleDecision,
} from './stale';

export interface ItemPlanInput {
  item: Item;
  rules: readonly Rule[];
  stale?: StaleSection;
  now?: Date;
  workflow?: WorkflowFacts;
}

export interface ItemPlanContext {
  reader: TriageReader;
  log: Logger;
  /** Whose comments are the engine's own (markers count only there). */
  identity: Identity;
  /** This job's earlier writes (sweeps). */
  memory?: JobMemory;
}

/**
 * The text a reply must differ from: under actions/stale's rules, a comment whose text is the stale message
 * (case-insensitively) is no reply, whoever wrote it (actions/stale's `_hasCommentsSince` drops it: its own stale
 * comment, posted with a person's token, is a `User` comment). With no stale message, none is dropped.
 */
export function notAReply(config: StaleConfig): string | undefined {
  if (config['actions-stale-rules'] !== true || config['no-stale-comment'] === true) return undefined;
  return config['stale-comment'].toLowerCase();
}

function historyFromComments(comments: readonly CommentLike[], identity: Identity, config: StaleConfig): MarkHistory {
  const markedAt = lastStaleMark(comments, identity) ?? null;
  // A reply is a comment by a user: another bot's comment is not one (actions/stale's `_hasCommentsSince` counts
  // only `User` comments); its update still counts as activity through `updated_at`.
  const staleText = notAReply(config);
  const others = comments.filter(
    (c) =>
      !isOwnComment(c, identity) &&
      c.user?.type !== 'Bot' &&
      c.created_at &&
      // A text the read dropped (null, comment-view.ts) is not the stale message.
      (staleText === undefined || c.body == null || c.body.toLowerCase() !== staleText),
  );
  // When a comment counts from: under actions/stale's rules its last write (GitHub's `since`, which actions/stale
  // lists the comments with, compares `updated_at`: a comment edited after the mark is activity there); under
  // triage's own, when it was posted (a reply answers the mark; an edit of an older comment notifies nobody).
  const asActionsStale = config['actions-stale-rules'] === true;
  const at = (c: CommentLike) => (asActionsStale && c.updated_at ? c.updated_at : c.created_at!);
  const newest = others.reduce<CommentLike | undefined>(
    (last, c) => (!last || Date.parse(at(c)) > Date.parse(at(last)) ? c : last),
    undefined,
  );
  return {
    markedAt,
    otherCommentAt: newest ? at(newest) : null,
    closingAt: lastCloseMark(comments, identity) ?? null,
    ownActivityAt: lastOwnComment(comments, identity) ?? null,
    ...(newest?.user?.login ? { activeUser: newest.user.login } : {}),
  };
}

/** The mark history from this job's memory, when the item was not updated since the engine's last write. */
function historyFromMemory(item: Item, memory: JobMemory | undefined): MarkHistory | undefined {
  const entry = memory?.get(item.number);
  if (!entry?.markedAt || Date.parse(item.updatedAt) > Date.parse(entry.at)) return undefined;
  return { markedAt: entry.markedAt, ownActivityAt: entry.at };
}

/** The item's plan; an item with more comments than are read is left alone, and the log says so. */
export async function planItem(input: ItemPlanInput, context: ItemPlanContext): Promise<TriageOperation[]> {
  try {
    return await planWithComments(input, context);
  } catch (err) {
    if (!(err instanceof TooManyComments)) throw err;
    context.log.warning(`${err.message}.`);
    return [];
  }
}

async function planWithComments(input: ItemPlanInput, context: ItemPlanContext): Promise<TriageOperation[]> {
  const { item, rules } = input;
  const { reader, log, identity, memory } = context;
  const facts: ItemFacts = { item, workflow: input.workflow };
  let comments: CommentLike[] | undefined;
  // Each comment is kept as the decisions read it (its text only where a marker can count), page by page.
  const view = decisionView(
    identity,
    input.stale ? notAReply(staleSettingsFor(input.stale, item.isPullRequest)) : undefined,
  );
  const readComments = async () => (comments ??= await reader.comments(item.number, view));

  if (rules.length > 0 && reader.pull && needsPull(rules, facts)) facts.pull = await reader.pull(item.number);
  if (rules.length > 0 && needsFiles(rules, facts)) facts.files = await reader.files(item.number);
  const commented =
    rules.length > 0 && needsCommentCheck(rules, facts)
      ? commentedRules(await readComments(), identity)
      : new Set<string>();
  const plan = planRules(rules, facts, commented);
  if (plan.matched.length > 0) log.debug(`${describeItem(item)}: rules ${plan.matched.join(', ')} match`);
  const ops = await withoutUnassignable(plan.operations, reader, log);
  if (!input.stale || !input.now || ops.some((op) => op.kind === 'close')) return ops;

  const stale = staleSettingsFor(input.stale, item.isPullRequest);
  let decision: StaleDecision = decideStale(item, stale, input.now, historyFromMemory(item, memory));
  if (decision.action === 'needs-mark-time') {
    const all = await readComments();
    const history = historyFromComments(all, identity, stale);
    // No marker comment: who put the label on and when (its last `labeled` event) tells whether it is this
    // action's mark, and dates it.
    // The stale label as the item has it (under actions/stale's rules `Stále` is `stale`): its events are the mark's.
    const markLabel = labelNamed(item, stale['stale-label'], stale) ?? stale['stale-label'];
    if (history.markedAt === null && reader.labelEvent) {
      const event = await reader.labelEvent(item.number, markLabel);
      history.labeledAt = event?.at ?? null;
      if (event) {
        history.labeledByOwn = isOwnActor(event.actor, identity);
        history.ownCommentSinceLabel = all.some(
          (c) =>
            isOwnComment(c, identity) &&
            c.created_at !== undefined &&
            Date.parse(c.created_at) >= Date.parse(event.at) - MARK_TOLERANCE_MS,
        );
      }
    }
    decision = decideStale(item, stale, input.now, history);
    // Under actions/stale's rules an update is activity only with an event since the mark other than the label's
    // own `labeled`: read only when that alone would unmark (a reply unmarks anyway), as actions/stale reads the
    // events of every stale item.
    if (decision.action === 'unmark' && stale['actions-stale-rules'] === true && reader.onlyLabeledSince) {
      const withoutUpdate = decideStale(item, stale, input.now, { ...history, onlyLabeledSince: true });
      if (withoutUpdate.action !== 'unmark' && (await reader.onlyLabeledSince(item.number, markLabel)))
        decision = withoutUpdate;
    }
  }
  // A write by this run is activity: an item a rule changes is not stale in this run.
  if (
    ops.length > 0 &&
    (decision.action === 'mark' || decision.action === 'mark-comment' || decision.action === 'close')
  )
    decision = { action: 'none', reason: 'a rule changes it in this run' };
  if (decision.action !== 'none') log.debug(`${describeItem(item)}: stale → ${decision.action}`);
  if (decision.action === 'unmark') log.info(`${describeItem(item)}: stale label removed: ${decision.reason}.`);
  const staleOps = staleOperations(item, stale, decision);
  if (stale['delete-branch'] && item.isPullRequest && staleOps.some((op) => op.kind === 'close'))
    staleOps.push(...(await deleteBranchOperation(item, reader, log)));
  // A rule may already have planned the same label change.
  ops.push(
    ...staleOps.filter(
      (s) =>
        !ops.some(
          (o) => o.kind === s.kind && o.subject.toLowerCase() === s.subject.toLowerCase() && s.kind !== 'comment',
        ),
    ),
  );
  return ops;
}

/**
 * Drops the logins of assign operations that cannot be assigned here (GitHub ignores them silently, so a
 * rule naming one would write on every event and sweep without ever changing anything).
 */
async function withoutUnassignable(
  ops: TriageOperation[],
  reader: TriageReader,
  log: Logger,
): Promise<TriageOperation[]> {
  const check = reader.assignable?.bind(reader);
  if (!check || !ops.some((op) => op.payload.type === 'assign')) return ops;
  const out: TriageOperation[] = [];
  for (const op of ops) {
    if (op.payload.type !== 'assign') {
      out.push(op);
      continue;
    }
    const keep: string[] = [];
    for (const login of op.payload.assignees) {
      if (await check(login)) keep.push(login);
      else
        log.warning(
          `@${login} cannot be assigned in this repository (not a collaborator?): ${op.detail ?? 'the rule'} skips it.`,
        );
    }
    if (keep.length === op.payload.assignees.length) out.push(op);
    else if (keep.length > 0) out.push(operation(op, { type: 'assign', assignees: keep }, op.detail));
  }
  return out;
}

/**
 * Whether an item would need an operation, judged without any read (changed files count as not matching,
 * comments as not yet posted). Used to count the items a stopped sweep leaves for the next run.
 */
export function wouldNeedOperations(input: ItemPlanInput): boolean {
  const { item, rules } = input;
  // An item with comments may carry the rules' markers already (an item handled by an earlier run does):
  // its rule comments are not counted as work left.
  const commented = new Set(item.comments > 0 ? rules.map((r) => r.id) : []);
  if (planRules(rules, { item, workflow: input.workflow }, commented).operations.length > 0) return true;
  if (!input.stale || !input.now) return false;
  // Marked stale: judged as if marked when last updated (the comments are not read here).
  const settings = staleSettingsFor(input.stale, item.isPullRequest);
  const decision = decideStale(item, settings, input.now, { markedAt: item.updatedAt });
  return (
    decision.action === 'mark' ||
    decision.action === 'close' ||
    decision.action === 'unmark' ||
    !keepsCloseLabel(item, settings)
  );
}

/** delete-branch: the head branch of a pull request closed as stale, when it is a branch of this repository. */
async function deleteBranchOperation(item: Item, reader: TriageReader, log: Logger): Promise<TriageOperation[]> {
  if (!reader.pull) return [];
  const pull = await reader.pull(item.number);
  if (!pull.sameRepository) {
    log.info(`${describeItem(item)}: its branch is in another repository (a fork): delete-branch leaves it.`);
    return [];
  }
  return [operation(item, { type: 'delete-branch', branch: pull.branch }, 'stale: delete-branch')];
}
