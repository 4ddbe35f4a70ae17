// The environment the Actions runner gives an action's process: INPUT_* (with action.yml's defaults),
// GITHUB_*, RUNNER_* and the file commands. Used by the command line to run an action's real bundle.
import { valueText } from '../../kernel/words';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { defaultGraphqlUrl } from '../../github/client';

const actionSchema = z.object({
  inputs: z
    .record(
      z.string(),
      z.object({ default: z.unknown().optional(), required: z.boolean().optional() }).loose().nullable(),
    )
    .optional(),
});

export interface RunnerEnvOptions {
  actionYml: string;
  inputs: Record<string, string>;
  token: string;
  repository: string;
  apiUrl: string;
  serverUrl: string;
  eventName: string;
  payload: Record<string, unknown>;
  workspace: string;
  ref: string;
  sha: string;
  /** Kept between runs so the ETag cache makes a repeated dry run free (the private cache directory). */
  runnerTemp: string;
}

/** The name of the environment variable the runner sets for an input (spaces → `_`, upper case; hyphens kept). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** action.yml's inputs with their defaults, `${{ github.token }}` resolved to the token. */
export function actionDefaults(actionYml: string, token: string): Record<string, string> {
  const meta = actionSchema.parse(parse(readFileSync(actionYml, 'utf8')));
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(meta.inputs ?? {})) {
    const value = spec?.default;
    if (value === undefined || value === null) continue;
    out[name] = valueText(value)
      .replace(/\$\{\{\s*github\.token\s*\}\}/g, token)
      .replace(/\$\{\{[^}]*\}\}/g, '');
  }
  return out;
}

export interface RunnerFiles {
  env: Record<string, string>;
  outputFile: string;
  summaryFile: string;
  /** The step's own folder (event, outputs, summary, state): the caller removes it after the run. */
  stepDir: string;
}

export function runnerEnvironment(o: RunnerEnvOptions): RunnerFiles {
  const declared = actionDefaults(o.actionYml, o.token);
  const unknown = Object.keys(o.inputs).filter((k) => !(k in declared) && !hasInput(o.actionYml, k));
  if (unknown.length) throw new Error(`unknown input ${unknown.map((k) => `"${k}"`).join(', ')}`);
  // mkdtemp creates the folder with mode 0700.
  const files = mkdtempSync(join(tmpdir(), 'repo-actions-step-'));
  const outputFile = join(files, 'output');
  const summaryFile = join(files, 'summary.md');
  const eventPath = join(files, 'event.json');
  for (const f of [outputFile, summaryFile, join(files, 'env'), join(files, 'state'), join(files, 'path')])
    writeFileSync(f, '', { mode: 0o600 });
  const [owner, name] = o.repository.split('/');
  const payload = { repository: { full_name: o.repository, name, owner: { login: owner } }, ...o.payload };
  writeFileSync(eventPath, JSON.stringify(payload), { mode: 0o600 });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_API_URL: o.apiUrl,
    GITHUB_SERVER_URL: o.serverUrl,
    GITHUB_GRAPHQL_URL: defaultGraphqlUrl(o.apiUrl),
    GITHUB_REPOSITORY: o.repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_EVENT_NAME: o.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: o.workspace,
    GITHUB_REF: o.ref,
    GITHUB_REF_NAME: o.ref.replace(/^refs\/(heads|tags)\//, ''),
    GITHUB_REF_TYPE: o.ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    GITHUB_SHA: o.sha,
    GITHUB_ACTOR: process.env.USER ?? 'local',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'local',
    GITHUB_WORKFLOW: 'repo-actions command line',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_ENV: join(files, 'env'),
    GITHUB_STATE: join(files, 'state'),
    GITHUB_PATH: join(files, 'path'),
    RUNNER_TEMP: o.runnerTemp,
    RUNNER_OS: process.platform === 'darwin' ? 'macOS' : process.platform === 'win32' ? 'Windows' : 'Linux',
  };
  for (const [k, v] of Object.entries({ ...declared, ...o.inputs })) env[inputVariable(k)] = v;
  return { env, outputFile, summaryFile, stepDir: files };
}

function hasInput(actionYml: string, name: string): boolean {
  const meta = actionSchema.parse(parse(readFileSync(actionYml, 'utf8')));
  return Object.hasOwn(meta.inputs ?? {}, name);
}

/** GITHUB_OUTPUT's `name=value` and `name<<DELIMITER` forms. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]);
      out[heredoc[1]] = value.join('\n');
    } else if (lines[i].includes('=')) {
      const at = lines[i].indexOf('=');
      out[lines[i].slice(0, at)] = lines[i].slice(at + 1);
    }
  }
  return out;
}
