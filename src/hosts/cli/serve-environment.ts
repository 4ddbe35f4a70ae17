// Where `serve` and `deliveries` read what a container gives them instead of flags: one naming rule (every flag
// `--some-flag` has the variable REPO_ACTIONS_SOME_FLAG; a flag wins over its variable, the rule's name over the
// short names kept from earlier versions), secrets from a variable or from a file named by `<VARIABLE>_FILE` (the
// file is read, its trailing newline trimmed, and the value never logged), and the default data folder, absolute so
// that `deliveries` run from any folder finds the store `serve` started.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** The variable of a flag under the one rule: `--max-body-mb` → `REPO_ACTIONS_MAX_BODY_MB`. */
export function flagVariable(flag: string): string {
  return `REPO_ACTIONS_${flag.toUpperCase().replace(/-/g, '_')}`;
}

/** A boolean flag's variable: true/1/yes or false/0/no (any case); anything else is a mistake said at start. */
export function booleanVariable(name: string, text: string): boolean {
  const word = text.trim().toLowerCase();
  if (word === 'true' || word === '1' || word === 'yes') return true;
  if (word === 'false' || word === '0' || word === 'no' || word === '') return false;
  throw new Error(`${name} must be true or false`);
}

export type ReadText = (path: string) => string;
const readText: ReadText = (path) => readFileSync(path, 'utf8');

/**
 * A secret from the first of `names` that is set, else from the file its `<NAME>_FILE` names: the file's text
 * without its trailing newline. A variable and its _FILE both set is a mistake (which one is meant?). Errors name
 * the variable and the path, never the value. Undefined when nothing is set.
 */
export function secretValue(env: NodeJS.ProcessEnv, names: readonly string[], read: ReadText = readText) {
  for (const name of names) {
    const value = env[name];
    const file = env[`${name}_FILE`];
    if (value && file) throw new Error(`set ${name} or ${name}_FILE, not both`);
    if (value) return value;
    if (!file) continue;
    let text: string;
    try {
      text = read(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`${name}_FILE: cannot read ${file} (${code})`);
    }
    return text.replace(/\r?\n$/, '');
  }
  return undefined;
}

export const DATA_FOLDER = 'repo-actions';

/**
 * The default `--data-dir`, one rule: as root `/var/lib/repo-actions`; otherwise `$XDG_STATE_HOME/repo-actions`
 * when that variable is an absolute path (the XDG rule), else `~/.local/state/repo-actions`. A relative
 * `--data-dir` given by the operator is made absolute against the current folder, so the store is named the
 * same way in every log line.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv,
  uid: number | undefined = process.getuid?.(),
  home: string = homedir(),
): string {
  if (uid === 0) return join('/var/lib', DATA_FOLDER);
  const xdg = env.XDG_STATE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'state'), DATA_FOLDER);
}

/** The data folder: the flag, else its variables, else the default; always absolute. */
export function dataDirOf(flag: string | undefined, env: NodeJS.ProcessEnv, uid?: number, home?: string): string {
  const chosen = flag ?? (env[flagVariable('data-dir')] || undefined);
  return chosen ? resolve(chosen) : defaultDataDir(env, uid, home);
}

/** The shared database's URL: the flag, else REPO_ACTIONS_DATABASE or DATABASE_URL, or their _FILE variants. */
export function databaseOf(flag: string | undefined, env: NodeJS.ProcessEnv, read?: ReadText): string | undefined {
  return flag ?? secretValue(env, [flagVariable('database'), 'DATABASE_URL'], read);
}
