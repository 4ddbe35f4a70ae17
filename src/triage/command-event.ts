// Slash commands of a new comment. The commenter's permission is read from the API (a payload proves
// nothing); a refusal changes nothing but a 👎 reaction, an accepted command ends with a 👍 reaction,
// and either reaction already present means this delivery was handled before: a re-run is a no-op.
import { isStatus } from '../client/errors';
import type { Logger } from '../client/types';
import { parseCommands, permits, planCommands } from './commands';
import type { TriageConfig } from './config';
import type { Mode } from './dispatch';
import { isTriageComment, WORKFLOW_TOKEN_IDENTITY, type Identity } from './markers';
import { operation, type TriageOperation } from './operations';
import type { Reaction, TriageReader } from './reader';

type CommandMode = Extract<Mode, { kind: 'command' }>;

export interface CommandResult {
  operations: TriageOperation[];
  /** What happened, for the log and the job summary. */
  outcome: 'no-commands' | 'disabled' | 'already-handled' | 'refused' | 'accepted';
  reason?: string;
}

const isVerdict = (reaction: Reaction) => reaction.content === '+1' || reaction.content === '-1';
const byBot = (reaction: Reaction) =>
  !!reaction.user && (reaction.user.type === 'Bot' || reaction.user.login.endsWith('[bot]'));

/**
 * Whether the comment already carries our own 👍 or 👎: a reaction by the login the engine writes as (the workflow
 * token reacts as `github-actions[bot]`, an App as `<slug>[bot]`, a personal token as its user, whom `GET /user`
 * names; installation tokens get 403 there). Another bot's or a person's 👍 does not mark the comment handled.
 * Only when the engine's login is unknown (an App identity without its login) does any bot's verdict count.
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
  if (by(identity.login)) return true;
  // A personal token's reactions are its user's (GET /user names them; other tokens get 403 there).
  if (by(await reader.self?.())) return true;
  return identity.login === undefined && verdicts.some(byBot);
}

export async function planCommandEvent(
  mode: CommandMode,
  config: TriageConfig,
  reader: TriageReader,
  log: Logger,
  /** Whose reactions mark a comment handled (default: the workflow token's). */
  identity: Identity = WORKFLOW_TOKEN_IDENTITY,
): Promise<CommandResult> {
  const { comment } = mode;
  const item = { number: mode.number, isPullRequest: mode.isPullRequest };
  if (!config.commands)
    return {
      operations: [],
      outcome: 'disabled',
      reason: 'slash commands are off (the config has no `commands:` section)',
    };
  if (comment.isBot || isTriageComment(comment.body))
    return { operations: [], outcome: 'no-commands', reason: `comment ${comment.id} was written by a bot` };
  const parsed = parseCommands(comment.body);
  for (const problem of parsed.problems) log.warning(`Comment ${comment.id}: ${problem}`);
  if (parsed.commands.length === 0 && parsed.problems.length === 0)
    return { operations: [], outcome: 'no-commands', reason: `comment ${comment.id} has no slash command` };

  let reactions: Reaction[];
  try {
    reactions = await reader.reactions(comment.id);
  } catch (err) {
    // Deleted before this run: whatever it asked for was withdrawn.
    if (isStatus(err, 404))
      return { operations: [], outcome: 'no-commands', reason: `comment ${comment.id} was deleted: nothing to do` };
    throw err;
  }
  if (await handledBefore(reactions, reader, identity))
    return {
      operations: [],
      outcome: 'already-handled',
      reason: `comment ${comment.id} already carries our reaction: handled before`,
    };

  const refuse = (reason: string): CommandResult => {
    log.warning(`Refused the commands of @${comment.user} in comment ${comment.id}: ${reason}`);
    return {
      operations: [operation(item, { type: 'react', commentId: comment.id, content: '-1' }, `refused: ${reason}`)],
      outcome: 'refused',
      reason,
    };
  };
  const needed = config.commands.permission;
  const { level } = await reader.permission(comment.user);
  if (!permits(level, needed))
    return refuse(
      `@${comment.user} has ${level === 'none' ? 'no' : `${level}`} permission, the config requires ${needed}`,
    );
  const allowed = parsed.commands.filter((c) => config.commands!.allow.includes(c.name));
  if (allowed.length === 0)
    return refuse(
      parsed.commands.length
        ? `${parsed.commands.map((c) => `/${c.name}`).join(', ')} not allowed by the config`
        : parsed.problems.join('; '),
    );

  const fresh = await reader.item(mode.number);
  const plan = planCommands(parsed.commands, fresh, config.commands, comment.user);
  for (const skipped of plan.skipped) log.info(`Comment ${comment.id}: ${skipped}`);
  return {
    operations: [
      ...plan.operations,
      operation(
        fresh,
        { type: 'react', commentId: comment.id, content: '+1' },
        `accepted /${allowed.map((c) => c.name).join(' /')}`,
      ),
    ],
    outcome: 'accepted',
  };
}
