// Slash commands of a new comment. The comment itself (author, text, item) and its author's permission are read
// from the API: a payload proves nothing, and a comment edited or deleted since the event asks for nothing more.
// `author-can` lets an issue's author run the listed commands on their own item. When every command was done the comment gets a 👍; when one was unknown (a near miss of a command name), refused
// (permission, config) or invalid (its argument), the rest is done, and the comment gets 😕 and one reply
// listing what was not done and why. Our reaction already present means this delivery was handled before:
// a re-run is a no-op; the reply carries a marker of the comment, so a re-run never replies twice.
import { isStatus } from '../../../github/client/errors';
import type { Logger } from '../../../github/client/types';
import { codeSpan } from '../../../kernel/external-text';
import { decisionView, TooManyComments } from './comment-view';
import { parseCommands, permits, planCommands, type Command, type ParsedCommands } from './commands';
import type { TriageConfig } from './config';
import type { Mode } from './dispatch';
import type { FreshComment } from './fresh-comment';
import type { Item } from './item';
import { isItemMoved } from './item-identity';
import { hasReply, isTriageComment, replyMarker, withMarker, WORKFLOW_TOKEN_IDENTITY, type Identity } from './markers';
import { operation, type TriageOperation } from '../operations';
import type { Reaction, TriageReader } from './reader';

type CommandMode = Extract<Mode, { kind: 'command' }>;

export interface CommandResult {
  operations: TriageOperation[];
  /** What happened, for the log and the job summary. */
  /** `partly`: some commands were done, the others answered with 😕 and a reply; `refused`: none was done. */
  outcome: 'no-commands' | 'disabled' | 'already-handled' | 'refused' | 'partly' | 'accepted';
  reason?: string;
}

/** Our answers to a comment: 👍 (all done), 😕 (something not done), and 👎 (refusals of earlier versions). */
const isVerdict = (reaction: Reaction) => ['+1', '-1', 'confused'].includes(reaction.content);

/**
 * Whether the comment already carries our own 👍 or 👎: a reaction by the login the engine writes as (the workflow
 * token reacts as `github-actions[bot]`, an App as `<slug>[bot]`, a personal token as its user, whom `GET /user`
 * names; installation tokens get 403 there). Another bot's or a person's 👍 does not mark the comment handled,
 * and no bot stands for the engine when its login is unknown: then no verdict counts, and the commands run (an
 * account owning any App could otherwise drop a maintainer's command by reacting first).
 */
async function handledBefore(
  reactions: readonly Reaction[],
  reader: TriageReader,
  identity: Identity = {},
): Promise<boolean> {
  const verdicts = reactions.filter(isVerdict);
  if (!verdicts.some((r) => r.user)) return false;
  const by = (login: string | undefined) =>
    !!login && verdicts.some((r) => r.user?.login.toLowerCase() === login.toLowerCase());
  // The run's login (learnt from the token, identity.ts) is the one its reactions carry: asked for once per run, not
  // again here. Only without one does `GET /user` name a personal token's user (other tokens get 403 there).
  if (identity.login) return by(identity.login);
  return by(await reader.self?.());
}

type Stop = CommandResult & { operations: [] };
const stop = (outcome: Stop['outcome'], reason: string, log: Logger): Stop => {
  log.info(reason[0].toUpperCase() + reason.slice(1));
  return { operations: [], outcome, reason };
};

/**
 * The comment as the API has it now, and its commands. Deleted (404) → nothing; edited so that it holds no
 * command → nothing; on another item than the event names → nothing. The event's author never counts: when it
 * differs from the API's, that is logged and the API's is used.
 */
async function readFresh(
  mode: CommandMode,
  reader: TriageReader,
  log: Logger,
): Promise<{ comment: FreshComment; parsed: ParsedCommands } | Stop> {
  const told = mode.comment;
  let comment: FreshComment;
  try {
    comment = await reader.comment(told.id);
  } catch (err) {
    if (isStatus(err, 404)) return stop('no-commands', `comment ${told.id} was deleted: nothing to do`, log);
    throw err;
  }
  if (comment.number !== undefined && comment.number !== mode.number)
    return stop('refused', `comment ${told.id} is on #${comment.number}, not #${mode.number}: nothing done`, log);
  if (comment.user.toLowerCase() !== told.user.toLowerCase())
    log.warning(
      `Comment ${told.id}: the event names @${told.user} as its author, the API @${comment.user || '(none)'}: the API's author is used`,
    );
  if (!comment.user) return stop('refused', `comment ${told.id} has no author: nothing done`, log);
  if (comment.isBot || isTriageComment(comment.body))
    return stop('no-commands', `comment ${told.id} was written by a bot`, log);
  const parsed = parseCommands(comment.body);
  if (parsed.commands.length === 0 && parsed.problems.length === 0)
    return stop('no-commands', `comment ${told.id} was edited and holds no slash command now: nothing to do`, log);
  if (comment.body !== told.body) log.info(`Comment ${told.id} was edited since the event: its text now is used`);
  return { comment, parsed };
}

export async function planCommandEvent(
  mode: CommandMode,
  config: TriageConfig,
  reader: TriageReader,
  log: Logger,
  /** Whose reactions mark a comment handled (default: the workflow token's). */
  identity: Identity = WORKFLOW_TOKEN_IDENTITY,
): Promise<CommandResult> {
  if (!config.commands)
    return {
      operations: [],
      outcome: 'disabled',
      reason: 'slash commands are off (the config has no `commands:` section)',
    };
  // The event's copy only decides whether the comment is worth reading: it can make less happen, never more.
  const told = mode.comment;
  if (told.isBot || isTriageComment(told.body))
    return { operations: [], outcome: 'no-commands', reason: `comment ${told.id} was written by a bot` };
  const toldCommands = parseCommands(told.body);
  if (toldCommands.commands.length === 0 && toldCommands.problems.length === 0)
    return { operations: [], outcome: 'no-commands', reason: `comment ${told.id} has no slash command` };

  const read = await readFresh(mode, reader, log);
  if (!('parsed' in read)) return read;
  const { comment, parsed } = read;
  for (const problem of parsed.problems) log.warning(`Comment ${comment.id}: ${problem}`);

  let reactions: Reaction[] = [];
  // The rollup counts 👍 👎 😕: with none of them, no reaction can be ours and the list is not read.
  if (comment.verdicts !== 0)
    try {
      reactions = await reader.reactions(comment.id);
    } catch (err) {
      // Deleted between the two reads: whatever it asked for was withdrawn.
      if (isStatus(err, 404)) return stop('no-commands', `comment ${comment.id} was deleted: nothing to do`, log);
      throw err;
    }
  if (await handledBefore(reactions, reader, identity))
    return {
      operations: [],
      outcome: 'already-handled',
      reason: `comment ${comment.id} already carries our reaction: handled before`,
    };

  const commands = config.commands;
  const needed = commands.permission;
  const { level } = await reader.permission(comment.user);
  let fresh: Item;
  try {
    fresh = await reader.item(mode.number);
  } catch (err) {
    // Transferred (the answer names another repository or number) or deleted since the comment: never written.
    if (isItemMoved(err)) return stop('refused', err.message, log);
    if (isStatus(err, 404, 410))
      return stop('refused', `#${mode.number} is gone (deleted or transferred): nothing done`, log);
    throw err;
  }
  const isAuthor = fresh.author !== '' && fresh.author.toLowerCase() === comment.user.toLowerCase();
  const authorCan: readonly string[] = commands['author-can'];
  const notDone = [...parsed.problems];
  const runnable: Command[] = [];
  for (const command of parsed.commands) {
    if (!commands.allow.includes(command.name)) notDone.push(`/${command.name}: not allowed by the config`);
    else if (permits(level, needed) || (isAuthor && authorCan.includes(command.name))) runnable.push(command);
    else
      notDone.push(
        `/${command.name}: @${comment.user} has ${level === 'none' ? 'no' : level} permission, the config requires ${needed}` +
          (authorCan.includes(command.name) ? ' (or being the author)' : ''),
      );
  }

  const plan = planCommands(runnable, fresh, commands, comment.user);
  for (const skipped of plan.skipped) log.info(`Comment ${comment.id}: ${skipped}`);
  plan.operations = await withoutMissingLabels(plan.operations, config, reader, notDone);
  if (notDone.length === 0)
    return {
      operations: [
        ...plan.operations,
        operation(
          fresh,
          { type: 'react', commentId: comment.id, content: '+1' },
          `accepted /${runnable.map((c) => c.name).join(' /')}`,
        ),
      ],
      outcome: 'accepted',
    };

  const reason = notDone.join('; ');
  log.warning(`Comment ${comment.id} by @${comment.user}: not done: ${reason}`);
  const reply = await replyOperations(fresh, comment, notDone, reader, identity, log);
  // The 😕 comes last: it marks the comment handled, so a run that stops before it answers on the next one.
  return {
    operations: [
      ...plan.operations,
      ...reply,
      operation(fresh, { type: 'react', commentId: comment.id, content: 'confused' }, `not done: ${reason}`),
    ],
    outcome: runnable.length ? 'partly' : 'refused',
    reason,
  };
}

/**
 * A `/label` of a label the repository lacks is not done (unless `create-missing-labels`): it is answered like a
 * refusal. The engine's own check then finds nothing more to drop (the label list is read once per run).
 */
async function withoutMissingLabels(
  ops: TriageOperation[],
  config: TriageConfig,
  reader: TriageReader,
  notDone: string[],
): Promise<TriageOperation[]> {
  const adds = ops.filter((op) => op.payload.type === 'add-label');
  if (adds.length === 0 || config['create-missing-labels'] || !reader.labels) return ops;
  const known = new Set((await reader.labels()).map((label) => label.toLowerCase()));
  const missing = adds.filter((op) => !known.has(op.subject.toLowerCase()));
  for (const op of missing) notDone.push(`/label: ${codeSpan(op.subject)} is not a label of this repository`);
  return ops.filter((op) => !missing.includes(op));
}

/**
 * A reply's line: a stranger's text in it is already a code span (kernel/external-text.ts); what is left is ours, and
 * still holds no HTML (so no marker of ours, no hidden text).
 */
const shown = (line: string) => line.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The one reply to a comment whose commands were not all done: none when the engine's own reply (its marker)
 * is on the item already (a re-run after a stop before the 😕), or when the conversation is locked.
 */
async function replyOperations(
  item: Item,
  comment: FreshComment,
  notDone: readonly string[],
  reader: TriageReader,
  identity: Identity,
  log: Logger,
): Promise<TriageOperation[]> {
  if (item.locked) {
    log.info(`#${item.number} is locked: no reply to comment ${comment.id}`);
    return [];
  }
  if (item.comments > 0) {
    let comments;
    try {
      comments = await reader.comments(item.number, decisionView(identity));
    } catch (err) {
      if (!(err instanceof TooManyComments)) throw err;
      // Whether it was answered before cannot be told: no reply rather than a second one.
      log.warning(`${err.message}: no reply to comment ${comment.id}.`);
      return [];
    }
    if (hasReply(comments, comment.id, identity)) return [];
  }
  const body = [
    `@${comment.user}, not done:`,
    '',
    ...notDone.slice(0, 10).map((line) => `- ${shown(line)}`),
    ...(notDone.length > 10 ? [`- and ${notDone.length - 10} more`] : []),
  ].join('\n');
  return [
    operation(
      item,
      { type: 'comment', body: withMarker(body, replyMarker(comment.id)) },
      `reply to comment ${comment.id}`,
    ),
  ];
}
