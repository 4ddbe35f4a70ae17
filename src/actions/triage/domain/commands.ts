// Slash commands in comments: parsed as data (never evaluated), checked against the commenter's
// permission, then planned like rules. A command is a line starting with `/name`; lines inside code
// fences and quotes are ignored. Comments are written by strangers: plain string code over at most the
// first COMMAND_TEXT_LIMIT characters, linear in the text.
import { codeSpan } from '../../../kernel/external-text';
import { labelNameProblem } from '../../../github/names';
import type { CommandsConfig } from './config';
import { CLOSE_REASONS, COMMAND_NAMES, type CloseReason, type CommandName, type Permission } from './vocabulary';
import { hasLabel, type Item } from './item';
import { operation, type TriageOperation } from '../operations';
import { closestName } from './suggest';

export type Command =
  | { name: 'label' | 'unlabel'; labels: string[]; line: number }
  | { name: 'assign' | 'unassign'; logins: string[]; line: number }
  | { name: 'close'; reason: CloseReason; line: number }
  | { name: 'reopen'; line: number };

export interface ParsedCommands {
  commands: Command[];
  /** Lines that looked like a command of ours but could not be used, with why. */
  problems: string[];
}

/** The most characters of a comment read for commands (GitHub allows 65 536). */
export const COMMAND_TEXT_LIMIT = 64 * 1024;
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/;
const LOGIN_MAX = 39 + '[bot]'.length;

const isSpace = (c: string) => c === ' ' || c === '\t';
const isNameChar = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '-';

/** `/name args` → the name and the argument text; undefined when the (trimmed) line is no command. */
export function commandLineOf(text: string): { name: string; args: string } | undefined {
  if (text[0] !== '/' || !isNameChar(text[1] ?? '') || text[1] === '-') return undefined;
  let end = 1;
  while (end < text.length && isNameChar(text[end])) end++;
  if (end < text.length && !isSpace(text[end])) return undefined;
  return { name: text.slice(1, end), args: text.slice(end).trim() };
}

/** Splits arguments: "quoted text" is one argument; otherwise commas separate, or whitespace when there is no comma. */
export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let rest = '';
  for (let at = 0; at < text.length; at++) {
    const quote = text[at];
    const close = quote === '"' || quote === "'" ? text.indexOf(quote, at + 1) : -1;
    if (close < 0) {
      rest += quote;
      continue;
    }
    args.push(text.slice(at + 1, close).trim());
    rest += ',';
    at = close;
  }
  const parts = rest.includes(',') || args.length > 0 ? rest.split(',') : rest.split(/[ \t]+/);
  for (const part of parts) if (part.trim()) args.push(part.trim());
  return args.filter((a) => a !== '');
}

function parseLine(name: CommandName, args: string[], line: number): Command | string {
  switch (name) {
    case 'label':
    case 'unlabel': {
      if (args.length === 0) return `/${name} needs at least one label`;
      for (const label of args) {
        const problem = labelNameProblem(label);
        const shown = label.trim();
        if (problem) return `/${name}: ${problem.split(`"${shown}"`).join(codeSpan(shown, 20))}`;
      }
      return { name, labels: [...new Set(args)], line };
    }
    case 'assign':
    case 'unassign': {
      const logins = args.flatMap((a) => a.split(/[ \t]+/)).map((a) => (a.startsWith('@') ? a.slice(1) : a));
      if (logins.length === 0) return `/${name} needs at least one @user`;
      const bad = logins.find((l) => l.length > LOGIN_MAX || !LOGIN.test(l));
      if (bad) return `/${name}: ${codeSpan(bad, 40)} is not a user login`;
      return { name, logins: [...new Set(logins)], line };
    }
    case 'close': {
      const reason = args
        .join(' ')
        .toLowerCase()
        .replace(/^as\s+/, '')
        .replace(/[\s-]+/g, '_');
      if (reason === '') return { name, reason: 'completed', line };
      if (!(CLOSE_REASONS as readonly string[]).includes(reason))
        return `/close: the reason must be completed or not_planned`;
      return { name, reason: reason as CloseReason, line };
    }
    case 'reopen':
      return args.length ? `/reopen takes no arguments` : { name, line };
  }
}

/** The fence (3 or more backticks or tildes) a trimmed line starts with, or undefined. */
function fenceOf(text: string): string | undefined {
  const c = text[0];
  if (c !== '`' && c !== '~') return undefined;
  let end = 0;
  while (end < text.length && text[end] === c) end++;
  return end >= 3 ? text.slice(0, end) : undefined;
}

export function parseCommands(body: string | null | undefined): ParsedCommands {
  const out: ParsedCommands = { commands: [], problems: [] };
  let fence: string | undefined;
  const text = body ?? '';
  const capped = text.length > COMMAND_TEXT_LIMIT ? text.slice(0, COMMAND_TEXT_LIMIT) : text;
  capped.split('\n').forEach((line, index) => {
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    const text = raw.trim();
    const marker = fenceOf(text);
    // A fence closes with the same character, at least as long as the one that opened it.
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return;
    }
    // Fenced code, quotes and indented code (4 spaces or a tab) are shown, not commands.
    if (fence || text.startsWith('>') || raw.startsWith('    ') || raw.startsWith('\t')) return;
    const match = commandLineOf(text);
    if (!match) return;
    const name = match.name.toLowerCase();
    if (!(COMMAND_NAMES as readonly string[]).includes(name)) {
      // A near miss of one of ours (`/lable`) is a typo to answer; any other `/word` belongs to someone else.
      const near = closestName(name, COMMAND_NAMES);
      if (near)
        out.problems.push(`line ${index + 1}: ${codeSpan(`/${name}`, 30)} is not a command (did you mean /${near}?)`);
      return;
    }
    const parsed = parseLine(name as CommandName, splitArguments(match.args), index + 1);
    if (typeof parsed === 'string') out.problems.push(`line ${index + 1}: ${parsed}`);
    else out.commands.push(parsed);
  });
  return out;
}

// ---- permission ----

const RANK: Record<Permission | 'none', number> = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

export type EffectivePermission = Permission | 'none';

/**
 * The collaborator's permission from `GET /repos/{o}/{r}/collaborators/{user}/permission`: `role_name`
 * when it is one of the five roles (it tells triage and maintain apart), else the legacy `permission`.
 */
export function effectivePermission(
  response: { permission?: string | null; role_name?: string | null } | undefined,
): EffectivePermission {
  const role = response?.role_name?.toLowerCase();
  if (role && role in RANK) return role as EffectivePermission;
  const legacy = response?.permission?.toLowerCase();
  if (legacy && legacy in RANK) return legacy as EffectivePermission;
  return 'none';
}

export function permits(have: EffectivePermission, need: Permission): boolean {
  return RANK[have] >= RANK[need];
}

// ---- planning ----

export interface CommandPlan {
  operations: TriageOperation[];
  /** Commands the config does not allow, or that change nothing, with why. */
  skipped: string[];
}

/** The writes the commands ask for, against the item's fresh state. */
export function planCommands(
  commands: readonly Command[],
  item: Item,
  config: CommandsConfig,
  by: string,
): CommandPlan {
  const ops: TriageOperation[] = [];
  const skipped: string[] = [];
  const labels = new Set(item.labels.map((l) => l.toLowerCase()));
  const assignees = new Set(item.assignees.map((a) => a.toLowerCase()));
  let state = item.state;
  const detail = (c: Command) => `/${c.name} by @${by}`;
  for (const command of commands) {
    if (!config.allow.includes(command.name)) {
      skipped.push(`/${command.name} is not allowed by the config`);
      continue;
    }
    const before = ops.length;
    switch (command.name) {
      case 'label':
        for (const label of command.labels)
          if (!labels.has(label.toLowerCase())) {
            labels.add(label.toLowerCase());
            ops.push(operation(item, { type: 'add-label', label }, detail(command)));
          }
        break;
      case 'unlabel':
        for (const label of command.labels)
          if (labels.has(label.toLowerCase())) {
            labels.delete(label.toLowerCase());
            const actual = item.labels.find((l) => l.toLowerCase() === label.toLowerCase()) ?? label;
            ops.push(
              operation(
                item,
                { type: 'remove-label', label: hasLabel(item, actual) ? actual : label },
                detail(command),
              ),
            );
          }
        break;
      case 'assign': {
        const add = command.logins.filter((l) => !assignees.has(l.toLowerCase()));
        add.forEach((l) => assignees.add(l.toLowerCase()));
        if (add.length) ops.push(operation(item, { type: 'assign', assignees: add }, detail(command)));
        break;
      }
      case 'unassign': {
        const remove = command.logins.filter((l) => assignees.has(l.toLowerCase()));
        remove.forEach((l) => assignees.delete(l.toLowerCase()));
        if (remove.length) ops.push(operation(item, { type: 'unassign', assignees: remove }, detail(command)));
        break;
      }
      case 'close':
        if (state === 'open') ops.push(operation(item, { type: 'close', reason: command.reason }, detail(command)));
        state = 'closed';
        break;
      case 'reopen':
        if (state === 'closed') ops.push(operation(item, { type: 'reopen' }, detail(command)));
        state = 'open';
        break;
    }
    if (ops.length === before) skipped.push(`/${command.name} changes nothing`);
  }
  return { operations: ops, skipped };
}
