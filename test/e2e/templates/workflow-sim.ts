// Just enough of the Actions runner to run a template's job conditions and `run:` steps in a test: the expression
// subset the templates use (context paths, string literals, ==, !=, &&, ||, !, parentheses), `${{ }}` substitution,
// and a `bash -eo pipefail` step (what `shell: bash` runs) with GITHUB_OUTPUT, whose `gh api` is a stand-in that
// sends the request to the emulator with GH_TOKEN and filters with `--jq` through jq, as gh does.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Context = Record<string, unknown>;

function lookup(context: Context, path: string): unknown {
  let value: unknown = context;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}

const TOKEN = /\s*(&&|\|\||==|!=|!|\(|\)|'(?:[^']|'')*'|[A-Za-z_][\w.-]*)/y;

/** Evaluates an Actions expression of the subset above (without `${{ }}`). Unknown syntax throws. */
export function evaluate(expression: string, context: Context): unknown {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let rest = expression.trim();
  while (rest.length) {
    TOKEN.lastIndex = 0;
    const m = TOKEN.exec(rest);
    if (!m) throw new Error(`unsupported expression near "${rest}"`);
    tokens.push(m[1]!);
    rest = rest.slice(m[0].length).trimStart();
  }
  let at = 0;
  const truthy = (v: unknown) => v !== null && v !== undefined && v !== false && v !== '' && v !== 0;
  const primary = (): unknown => {
    const t = tokens[at++];
    if (t === undefined) throw new Error(`expression ends early: ${expression}`);
    if (t === '(') {
      const v = or();
      if (tokens[at++] !== ')') throw new Error(`missing ) in ${expression}`);
      return v;
    }
    if (t === '!') return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t === 'true' || t === 'false') return t === 'true';
    return lookup(context, t);
  };
  const comparison = (): unknown => {
    const left = primary();
    if (tokens[at] === '==' || tokens[at] === '!=') {
      const op = tokens[at++];
      const right = primary();
      // Actions compares strings case-insensitively.
      const same = String(left ?? '').toLowerCase() === String(right ?? '').toLowerCase();
      return op === '==' ? same : !same;
    }
    return left;
  };
  const and = (): unknown => {
    let v = comparison();
    while (tokens[at] === '&&') {
      at++;
      const r = comparison();
      v = truthy(v) ? r : v;
    }
    return v;
  };
  const or = (): unknown => {
    let v = and();
    while (tokens[at] === '||') {
      at++;
      const r = and();
      v = truthy(v) ? v : r;
    }
    return v;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]}" in ${expression}`);
  return value;
}

export function isTrue(expression: string | undefined, context: Context): boolean {
  if (expression === undefined) return true;
  const v = evaluate(expression.replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1'), context);
  return v !== null && v !== undefined && v !== false && v !== '' && v !== 0;
}

/** `${{ expr }}` in a string replaced by its value. */
export function substitute(text: string, context: Context): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => String(evaluate(expr, context) ?? ''));
}

const GH_STAND_IN = `
const { spawnSync } = require('node:child_process'); // jq only; the emulator runs in the test process
const [command, ...rest] = process.argv.slice(2);
let path, method = 'GET', jq, silent = false;
const fields = {};
for (let i = 0; i < rest.length; i++) {
  const a = rest[i];
  if (a === '--method' || a === '-X') method = rest[++i];
  else if (a === '--jq' || a === '-q') jq = rest[++i];
  else if (a === '--silent') silent = true;
  else if (a === '-f' || a === '-F') {
    // -f: a string; -F: true, false, null and integers typed (gh's --field).
    const [k, ...v] = rest[++i].split('='); const raw = v.join('=');
    fields[k] = a === '-f' ? raw : raw === 'true' ? true : raw === 'false' ? false : raw === 'null' ? null : /^-?\\d+$/.test(raw) ? Number(raw) : raw;
  } else if (!a.startsWith('-') && path === undefined) path = a;
  else { console.error('gh stand-in: unsupported ' + a); process.exit(2); }
}
if (command !== 'api' || !path) { console.error('gh stand-in: only "gh api <path> [options]"'); process.exit(2); }
if (Object.keys(fields).length && method === 'GET') method = 'POST';
fetch(process.env.GH_STAND_IN_API_URL + '/' + path.replace(/^\\//, ''), {
  method,
  headers: { authorization: 'Bearer ' + process.env.GH_TOKEN, 'user-agent': 'gh', accept: 'application/vnd.github+json', 'content-type': 'application/json' },
  body: method === 'GET' ? undefined : JSON.stringify(fields),
}).then(async (res) => {
  const body = await res.text();
  if (!res.ok) { console.error('gh: ' + res.statusText + ' (HTTP ' + res.status + ')'); process.exit(1); }
  if (silent) return;
  if (jq === undefined) { process.stdout.write(body); return; }
  const r = spawnSync('jq', ['-r', jq], { input: body, encoding: 'utf8' });
  process.stdout.write(r.stdout); process.stderr.write(r.stderr); process.exit(r.status ?? 1);
}, (err) => { console.error('gh: ' + err.message); process.exit(1); });
`;

export interface StepResult {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/**
 * Runs a `run:` script as `shell: bash` does, with the step's env (already substituted) and a `gh` stand-in.
 * Asynchronous: the emulator answering the stand-in runs in this process.
 */
export async function runStep(script: string, env: Record<string, string>, apiUrl: string): Promise<StepResult> {
  const dir = mkdtempSync(join(tmpdir(), 'template-step-'));
  const gh = join(dir, 'gh');
  writeFileSync(gh, `#!${process.execPath}\n${GH_STAND_IN}`);
  chmodSync(gh, 0o755);
  const outputFile = join(dir, 'output');
  writeFileSync(outputFile, '');
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    env: {
      PATH: `${dir}:${process.env.PATH ?? ''}`,
      HOME: dir,
      GITHUB_OUTPUT: outputFile,
      GH_STAND_IN_API_URL: apiUrl,
      ...env,
    },
    timeout: 30_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((done) => child.on('close', (c) => done(c ?? 1)));
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(outputFile, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  rmSync(dir, { recursive: true, force: true });
  return { code, stdout, stderr, outputs };
}
