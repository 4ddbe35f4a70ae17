// serve's flags and their variables: the REPO_ACTIONS_<FLAG> rule for every flag (a flag wins), the earlier short
// names, --log-level with --verbose as its alias, secrets from <NAME>_FILE, and the absolute default data folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVE_USAGE } from '../../../../src/hosts/cli/serve';
import { dataDirOf, defaultDataDir, flagVariable, secretValue } from '../../../../src/hosts/cli/serve-environment';
import { parseServeFlags, SERVE_FLAGS, variablesOf } from '../../../../src/hosts/cli/serve-options';

const noFiles = (path: string): string => {
  throw Object.assign(new Error(`no ${path}`), { code: 'ENOENT' });
};
const context = { uid: 1000, home: '/home/op', read: noFiles };

describe('serve flags from the environment', () => {
  it('names every flag by one rule', () => {
    expect(flagVariable('max-body-mb')).toBe('REPO_ACTIONS_MAX_BODY_MB');
    expect(flagVariable('trust-proxy')).toBe('REPO_ACTIONS_TRUST_PROXY');
  });

  it('reads every flag from its REPO_ACTIONS_ variable, and the flag wins', () => {
    const samples: Record<string, [string, unknown]> = {
      'max-body-mb': ['7', 7],
      port: ['8080', 8080],
      host: ['0.0.0.0', '0.0.0.0'],
      'trust-proxy': ['10.0.0.0/8', '10.0.0.0/8'],
      'dry-run': ['true', true],
      'own-login': ['triage-bot[bot]', 'triage-bot[bot]'],
      'shutdown-timeout': ['5', 5],
    };
    for (const [flag, [text, value]] of Object.entries(samples)) {
      const env = { [flagVariable(flag)]: text };
      expect(parseServeFlags([], env, context)[flag as 'port']).toEqual(value);
    }
    const env = { REPO_ACTIONS_PORT: '8080', PORT: '9090' };
    expect(parseServeFlags([], env, context).port).toBe(8080);
    expect(parseServeFlags(['--port', '7070'], env, context).port).toBe(7070);
    expect(parseServeFlags([], { PORT: '9090' }, context).port).toBe(9090);
    expect(parseServeFlags([], {}, context).port).toBe(3000);
  });

  it('has a variable for every flag', () => {
    for (const flag of SERVE_FLAGS) expect(variablesOf(flag)[0]).toBe(flagVariable(flag));
    expect(SERVE_FLAGS.length).toBeGreaterThan(30);
  });

  it('refuses a boolean variable that is not true or false', () => {
    expect(() => parseServeFlags([], { REPO_ACTIONS_DRY_RUN: 'maybe' }, context)).toThrow(
      /REPO_ACTIONS_DRY_RUN must be true or false/,
    );
    expect(parseServeFlags([], { REPO_ACTIONS_DRY_RUN: 'no' }, context)['dry-run']).toBe(false);
  });
});

describe('log level', () => {
  it.each([
    [[], {}, 'info'],
    [[], { LOG_LEVEL: 'error' }, 'error'],
    [[], { REPO_ACTIONS_LOG_LEVEL: 'warning', LOG_LEVEL: 'error' }, 'warning'],
    [['--log-level', 'warning'], { LOG_LEVEL: 'debug' }, 'warning'],
    [['--verbose'], {}, 'debug'],
    [['--verbose'], { LOG_LEVEL: 'error' }, 'debug'],
    [['--verbose', '--log-level', 'error'], {}, 'error'],
    [[], { REPO_ACTIONS_VERBOSE: '1' }, 'debug'],
  ])('%j with %j is %s', (argv, env, level) => {
    const flags = parseServeFlags(argv as string[], env as NodeJS.ProcessEnv, context);
    expect(flags['log-level']).toBe(level);
    expect(flags.verbose).toBe(level === 'debug');
  });

  it('refuses an unknown level', () => {
    expect(() => parseServeFlags(['--log-level', 'loud'], {}, context)).toThrow();
  });
});

describe('secrets from files', () => {
  const files: Record<string, string> = {
    '/run/secrets/hook': 'hook-secret\n',
    '/run/secrets/db': 'postgres://u:p@db/x\r\n',
    '/run/secrets/two': 'line one\nline two\n\n',
  };
  const read = (path: string) => {
    if (path in files) return files[path];
    return noFiles(path);
  };

  it('reads NAME, else NAME_FILE with its trailing newline trimmed', () => {
    expect(secretValue({ WEBHOOK_SECRET: 'direct' }, ['WEBHOOK_SECRET'], read)).toBe('direct');
    expect(secretValue({ WEBHOOK_SECRET_FILE: '/run/secrets/hook' }, ['WEBHOOK_SECRET'], read)).toBe('hook-secret');
    expect(secretValue({ X_FILE: '/run/secrets/two' }, ['X'], read)).toBe('line one\nline two\n');
    expect(secretValue({}, ['WEBHOOK_SECRET'], read)).toBeUndefined();
  });

  it('refuses both, and names the variable and path but never a value when the file cannot be read', () => {
    expect(() => secretValue({ S: 'a', S_FILE: '/run/secrets/hook' }, ['S'], read)).toThrow(
      'set S or S_FILE, not both',
    );
    expect(() => secretValue({ S_FILE: '/nowhere' }, ['S'], read)).toThrow('S_FILE: cannot read /nowhere (ENOENT)');
  });

  it('reads the database URL from REPO_ACTIONS_DATABASE_FILE or DATABASE_URL_FILE', () => {
    const withRead = { ...context, read };
    expect(parseServeFlags([], { DATABASE_URL_FILE: '/run/secrets/db' }, withRead).database).toBe(
      'postgres://u:p@db/x',
    );
    expect(
      parseServeFlags(
        [],
        { REPO_ACTIONS_DATABASE_FILE: '/run/secrets/db', DATABASE_URL: 'postgres://other/y' },
        withRead,
      ).database,
    ).toBe('postgres://u:p@db/x');
    expect(
      parseServeFlags(['--database', 'postgres://flag/z'], { DATABASE_URL: 'postgres://e/y' }, withRead).database,
    ).toBe('postgres://flag/z');
  });
});

describe('data folder', () => {
  it('is absolute by one rule: root /var/lib, else $XDG_STATE_HOME, else ~/.local/state', () => {
    expect(defaultDataDir({}, 0, '/root')).toBe('/var/lib/repo-actions');
    expect(defaultDataDir({ XDG_STATE_HOME: '/srv/state' }, 1000, '/home/op')).toBe('/srv/state/repo-actions');
    expect(defaultDataDir({ XDG_STATE_HOME: 'relative' }, 1000, '/home/op')).toBe('/home/op/.local/state/repo-actions');
    expect(defaultDataDir({}, 1000, '/home/op')).toBe('/home/op/.local/state/repo-actions');
  });

  it('makes a given folder absolute; the flag wins over REPO_ACTIONS_DATA_DIR', () => {
    expect(dataDirOf('store', {}, 1000, '/home/op')).toBe(`${process.cwd()}/store`);
    expect(dataDirOf(undefined, { REPO_ACTIONS_DATA_DIR: '/data' }, 1000, '/home/op')).toBe('/data');
    expect(dataDirOf('/flag', { REPO_ACTIONS_DATA_DIR: '/data' }, 1000, '/home/op')).toBe('/flag');
    expect(parseServeFlags([], {}, context)['data-dir']).toBe('/home/op/.local/state/repo-actions');
  });
});

describe('--trust-proxy', () => {
  it('takes addresses, CIDR ranges of both families and keywords, and refuses anything else', () => {
    const list = '10.0.0.5, 172.16.0.0/12,2001:db8::/32 ,loopback';
    expect(parseServeFlags(['--trust-proxy', list], {}, context)['trust-proxy']).toBe(list);
    expect(() => parseServeFlags(['--trust-proxy', '10.0.0.0/33'], {}, context)).toThrow(/prefix length/);
    expect(() => parseServeFlags(['--trust-proxy', 'lb.example'], {}, context)).toThrow(/not an IP address/);
    expect(() => parseServeFlags([], { TRUST_PROXY: '10.0.0.0/x' }, context)).toThrow(/prefix length/);
  });
});

describe('the documented flags', () => {
  const rows = readFileSync(join(__dirname, '../../../../docs/service.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `--'));

  it.each([...SERVE_FLAGS])('--%s has its row in docs/service.md with its variables, and is in the usage', (flag) => {
    const row = rows.filter((line) => line.startsWith(`| \`--${flag} `) || line.startsWith(`| \`--${flag}\``));
    expect(row).toHaveLength(1);
    for (const variable of variablesOf(flag)) expect(row[0]).toContain(`\`${variable}\``);
    expect(SERVE_USAGE).toContain(`--${flag}`);
  });

  it('documents no flag serve does not have', () => {
    const documented = rows.map((line) => /^\| `--([a-z-]+)/.exec(line)?.[1]);
    expect(documented.filter((flag) => !SERVE_FLAGS.includes(flag as never))).toEqual([]);
  });
});
