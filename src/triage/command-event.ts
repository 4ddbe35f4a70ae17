// Slash commands of a new comment. The commenter's permission is read from the API (a payload proves
// nothing); a refusal changes nothing but a 👎 reaction, an accepted command ends with a 👍 reaction,
// and either reaction already present means this delivery was handled before: a re-run is a no-op.
import type { Logger } from '../client/types';
import { parseCommands, permits, planCommands } from './commands';
import type { TriageConfig } from './config';
import type { Mode } from './dispatch';
import { isTriageComment } from './markers';
import { operation, type TriageOperation } from './operations';
import type { Reaction, TriageReader } from './reader';

type CommandMode = Extract<Mode, { kind: 'command' }>;

export interface CommandResult {
  operations: TriageOperation[];
  /** What happened, for the log and the job summary. */
  outcome: 'no-commands' | 'disabled' | 'already-handled' | 'refused' | 'accepted';
  reason?: string;
}

function ours(reaction: Reaction): boolean {
  const user = reaction.user;
  return (reaction.content === '+1' || reaction.content === '-1') && !!user && (user.type === 'Bot' || user.login.endsWith('[bot]'));
}

export async function planCommandEvent(mode: CommandMode, config: TriageConfig, reader: TriageReader, log: Logger): Promise<CommandResult> {
  const { comment } = mode;
  const item = { number: mode.number, isPullRequest: mode.isPullRequest };
  if (!config.commands) return { operations: [], outcome: 'disabled', reason: 'slash commands are off (the config has no `commands:` section)' };
  if (comment.isBot || isTriageComment(comment.body)) return { operations: [], outcome: 'no-commands', reason: `comment ${comment.id} was written by a bot` };
  const parsed = parseCommands(comment.body);
  for (const problem of parsed.problems) log.warning(`Comment ${comment.id}: ${problem}`);
  if (parsed.commands.length === 0 && parsed.problems.length === 0) return { operations: [], outcome: 'no-commands', reason: `comment ${comment.id} has no slash command` };

  if ((await reader.reactions(comment.id)).some(ours))
    return { operations: [], outcome: 'already-handled', reason: `comment ${comment.id} already carries our reaction: handled before` };

  const refuse = (reason: string): CommandResult => {
    log.warning(`Refused the commands of @${comment.user} in comment ${comment.id}: ${reason}`);
    return { operations: [operation(item, { type: 'react', commentId: comment.id, content: '-1' }, `refused: ${reason}`)], outcome: 'refused', reason };
  };
  const needed = config.commands.permission;
  const { level } = await reader.permission(comment.user);
  if (!permits(level, needed)) return refuse(`@${comment.user} has ${level === 'none' ? 'no' : `${level}`} permission, the config requires ${needed}`);
  const allowed = parsed.commands.filter((c) => config.commands!.allow.includes(c.name));
  if (allowed.length === 0)
    return refuse(parsed.commands.length ? `${parsed.commands.map((c) => `/${c.name}`).join(', ')} not allowed by the config` : parsed.problems.join('; '));

  const fresh = await reader.item(mode.number);
  const plan = planCommands(parsed.commands, fresh, config.commands, comment.user);
  for (const skipped of plan.skipped) log.info(`Comment ${comment.id}: ${skipped}`);
  return {
    operations: [...plan.operations, operation(fresh, { type: 'react', commentId: comment.id, content: '+1' }, `accepted /${allowed.map((c) => c.name).join(' /')}`)],
    outcome: 'accepted',
  };
}
