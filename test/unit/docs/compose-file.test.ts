// One compose file, documented as it is (issue 36, "Operations"): the compose example of docs/service.md is the
// repository's compose.yml byte for byte, and that file is right for `serve` as it stands: every variable it sets is
// one `serve` reads (a flag's variable, or a secret's variable or its _FILE), every _FILE names a secret the service
// mounts, and `serve`'s own parsing of that environment (the secrets read from their files) gives the intended
// store, App, secrets and schedule. Its stop grace period outlasts the drain.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVE_FLAGS, parseServeFlags, variablesOf } from '../../../src/hosts/cli/serve-options';
import { secretValue } from '../../../src/hosts/cli/serve-environment';

const ROOT = join(__dirname, '..', '..', '..');
const COMPOSE = readFileSync(join(ROOT, 'compose.yml'), 'utf8');

interface Compose {
  services: Record<
    string,
    { environment?: Record<string, string>; secrets?: string[]; stop_grace_period?: string; image?: string }
  >;
  secrets: Record<string, { file: string }>;
}

describe('compose.yml', () => {
  it('is the compose example of docs/service.md, as it is', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'service.md'), 'utf8');
    const blocks = [...doc.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    const compose = blocks.filter((b) => /^services:/m.test(b));
    expect(compose).toEqual([COMPOSE]);
  });

  it("sets only variables serve reads, and serve's parsing of them gives the intended service", () => {
    const file = parse(COMPOSE) as Compose;
    const triage = file.services.triage;
    const env = Object.fromEntries(
      Object.entries(triage.environment ?? {}).map(([k, v]) => [k, String(v).replace('${GITHUB_APP_ID}', '123456')]),
    );
    // Each secret file as Docker mounts it: /run/secrets/<name>, with the newline an editor leaves.
    const contents: Record<string, string> = {
      database_url: 'postgres://triage:pw@db:5432/triage\n',
      webhook_secret: 'webhook secret\n',
      app_private_key: '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n',
      metrics_token: 'metrics token\n',
      seal_key: 'seal key\n',
    };
    const read = (path: string) => {
      const name = /^\/run\/secrets\/(\w+)$/.exec(path)?.[1];
      if (!name || !triage.secrets?.includes(name) || !(name in file.secrets)) throw new Error(`no secret at ${path}`);
      return contents[name];
    };
    const flags = parseServeFlags([], env, { read });
    const secretNames = [
      flags['secret-env'],
      flags['previous-secret-env'],
      flags['private-key-env'],
      flags['previous-private-key-env'],
      flags['seal-key-env'],
      flags['previous-seal-key-env'],
      flags['token-env'],
      flags['metrics-token-env'],
      'DATABASE_URL',
      'REPO_ACTIONS_DATABASE',
    ];
    const known = new Set([
      ...SERVE_FLAGS.flatMap((flag) => variablesOf(flag)),
      ...secretNames.flatMap((name) => [name, `${name}_FILE`]),
    ]);
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    for (const [name, value] of Object.entries(env))
      if (name.endsWith('_FILE')) expect(() => read(value)).not.toThrow();

    expect(flags.database).toBe('postgres://triage:pw@db:5432/triage');
    expect(String(flags['app-id'])).toBe('123456');
    expect(flags['sweep-cron']).toBe('0 3 * * *');
    expect(secretValue(env, [flags['secret-env']], read)).toBe('webhook secret');
    expect(secretValue(env, [flags['private-key-env']], read)).toContain('BEGIN RSA PRIVATE KEY');
    expect(secretValue(env, [flags['metrics-token-env']], read)).toBe('metrics token');
    expect(secretValue(env, [flags['seal-key-env']], read)).toBe('seal key');
    // The process manager waits longer than the drain (its grace, then the jobs' time) before SIGKILL.
    const grace = Number(/^(\d+)s$/.exec(triage.stop_grace_period ?? '')?.[1]);
    expect(grace).toBeGreaterThan(Number(flags['drain-grace']) + Number(flags['shutdown-timeout']));
    // Every secret the service mounts is declared with a file beside compose.yml.
    for (const name of triage.secrets ?? []) expect(file.secrets[name]?.file).toMatch(/^\.\/[\w.]+$/);
  });
});
