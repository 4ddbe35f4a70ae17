// Peers' input names: a workflow written for another action (softprops/action-gh-release, create-pull-request, …)
// switches to ours by changing `uses:` only. Each peer name is declared in action.yml and read here before the
// action's own schema sees anything: its value, parsed as that peer parses it, becomes the raw value of our input;
// an input given under two names is an error naming both; a peer input this action does not offer fails the run
// saying why (never silently ignored). The action's schema then validates the result as if our name had been used.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  camelCase,
  inputFields,
  InputError,
  type ActionInputSchema,
  type CamelCased,
  type InputField,
  type InputProblem,
  type InputReader,
} from './inputs';

/** A peer's value could not be read as that peer would read it, or means something this action does not do. */
export class PeerValueError extends Error {}

/** One peer input that is one of ours under another name (and maybe another syntax). */
export interface PeerAlias {
  /** `softprops/action-gh-release`. */
  peer: string;
  /** The peer's input name, e.g. `tag_name`. */
  name: string;
  /** Our input it stands for, e.g. `tag`. */
  input: string;
  /**
   * The peer's raw value as the raw value our input reads; `undefined`: as if not given (the peer's way of saying
   * "default"). `read` gives the other raw inputs (a peer may spread one setting over two inputs). Throw
   * `PeerValueError` for a value whose meaning this action does not offer.
   */
  convert?: (raw: string, read: InputReader) => string | undefined;
  /** How the value is read, when not as our input reads it (shown in action.yml after the name). */
  note?: string;
}

/** One peer input this action does not offer: given with a value other than `accepts`, the run fails with `reason`. */
export interface PeerGap {
  peer: string;
  name: string;
  reason: string;
  /** Values that mean what this action does anyway (e.g. `'true'` for "update an existing release"). */
  accepts?: (raw: string) => boolean;
}

export interface PeerNames {
  aliases: readonly PeerAlias[];
  gaps: readonly PeerGap[];
  /**
   * A last step over the raw values (after aliases were resolved), for a peer setting that moves a value from one
   * input to another (softprops' `append_body: true` appends `body`). `given` lists the peer names that were given.
   */
  adjust?: (raw: Record<string, string | undefined>, given: ReadonlySet<string>) => void;
}

/**
 * One line of a list split at the commas outside braces, items trimmed, blanks dropped: softprops/action-gh-release's
 * `smartSplit` (`yazi-*.{zip,snap}.sha256` stays one pattern). One pass, linear in the line.
 */
export function splitOutsideBraces(line: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      items.push(line.slice(start, i));
      start = i + 1;
    }
  }
  items.push(line.slice(start));
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** `'true'` as the peers read their booleans (`getInput(x) === 'true'`: anything else is false). */
export const peerBoolean = (raw: string): string => (raw.trim() === 'true' ? 'true' : 'false');

/** Every peer name (aliases and gaps), for action.yml and the schema. */
export function peerInputNames(peers: PeerNames): string[] {
  return [...new Set([...peers.aliases.map((a) => a.name), ...peers.gaps.map((g) => g.name)])];
}

/** The schema fields of the peer names: raw strings, resolved before the action's own schema runs. */
export function peerFields(peers: PeerNames): Record<string, z.ZodOptional<z.ZodString>> {
  return Object.fromEntries(peerInputNames(peers).map((name) => [name, z.string().optional()]));
}

/**
 * `actionInputs` with the peers' names declared too (action.yml lists them): the output has our inputs only, in
 * camelCase (ncipollo's `makeLatest` is not our `make-latest`: the peer names never reach the output).
 */
export function actionInputsWithPeers<Shape extends Record<string, InputField>>(shape: Shape, peers: PeerNames) {
  const names = new Set(peerInputNames(peers));
  return z.object({ ...shape, ...peerFields(peers) }).transform(
    (raw) =>
      Object.fromEntries(
        Object.entries(raw)
          .filter(([name]) => !names.has(name))
          .map(([name, value]) => [camelCase(name), value]),
      ) as CamelCased<z.output<z.ZodObject<Shape>>>,
  );
}

/** Whether our input's raw value says no more than its default (the runner passes action.yml's default). */
function saysDefault(schema: ActionInputSchema, input: string, raw: string | undefined): boolean {
  if (raw === undefined) return true;
  const field = inputFields(schema)[input];
  if (!field) return false;
  const given = field.safeParse(raw);
  const absent = field.safeParse(undefined);
  return given.success && absent.success && isDeepStrictEqual(given.data, absent.data);
}

/**
 * A reader that resolves the peer names: reading one of our inputs gives its value, or the converted value of the
 * peer name given for it; reading a peer name gives `undefined` (it has been moved). Throws `InputError` naming
 * every conflict, unoffered input and unreadable value at once.
 */
export function peerReader(schema: ActionInputSchema, peers: PeerNames, read: InputReader): InputReader {
  const peerNames = new Set(peerInputNames(peers));
  const own = Object.keys(inputFields(schema)).filter((name) => !peerNames.has(name));
  const raw: Record<string, string | undefined> = Object.fromEntries(own.map((name) => [name, read(name)]));
  const problems: InputProblem[] = [];
  const given = new Set<string>();

  for (const gap of peers.gaps) {
    const value = read(gap.name);
    if (value === undefined || gap.accepts?.(value.trim())) continue;
    problems.push({
      input: gap.name,
      message: `Input "${gap.name}" (${gap.peer}) is not offered: ${gap.reason}`,
    });
  }

  // Our input → the peer names given for it, with their converted values.
  const byInput = new Map<string, { alias: PeerAlias; value: string | undefined }[]>();
  for (const alias of peers.aliases) {
    const value = read(alias.name);
    if (value === undefined) continue;
    given.add(alias.name);
    try {
      const converted = alias.convert ? alias.convert(value, read) : value;
      byInput.set(alias.input, [...(byInput.get(alias.input) ?? []), { alias, value: converted }]);
    } catch (err) {
      if (!(err instanceof PeerValueError)) throw err;
      problems.push({ input: alias.name, message: `Input "${alias.name}" (${alias.peer}): ${err.message}` });
    }
  }

  for (const [input, entries] of byInput) {
    const names = entries.map((e) => `"${e.alias.name}"`);
    // One peer spreading a setting over two inputs (ncipollo's owner + repo) agrees with itself.
    const values = new Set(entries.map((e) => e.value));
    if (values.size > 1) {
      problems.push({
        input: entries[0].alias.name,
        message: `Inputs ${names.join(' and ')} both set "${input}" (to different values): give one of them.`,
      });
      continue;
    }
    if (!saysDefault(schema, input, raw[input])) {
      problems.push({
        input,
        message: `Input "${input}" is given twice: as "${input}" and as ${names.join(' and ')} (${entries[0].alias.peer}'s name): give one of them.`,
      });
      continue;
    }
    const value = entries[0].value;
    if (value !== undefined) raw[input] = value;
  }

  if (problems.length > 0) throw new InputError(problems);
  peers.adjust?.(raw, given);
  return (name) => (peerNames.has(name) ? undefined : raw[name]);
}
