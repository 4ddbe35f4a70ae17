// The flags of `repo-actions serve` (and the store flags `deliveries` shares): parsed with node:util, checked
// with zod. Every flag has an environment variable for container deployments (REPO_ACTIONS_<FLAG>, the rule in
// serve-environment.ts; docs/service.md lists them), and a flag wins over its variable.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { storeFlagSchemas } from './command-flags';
import { trustProxyProblem } from '../service/edge/client-address';
import { booleanVariable, databaseOf, dataDirOf, flagVariable, type ReadText } from './serve-environment';

export const LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');
const positive = z.coerce.number().positive();

const Flags = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  'webhook-path': z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be a path such as /api/github/webhooks'),
  'secret-env': envName,
  'token-env': envName,
  'app-id': z.string().regex(/^\d+$/, 'must be the numeric App id').optional(),
  'own-login': z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/, 'must be a GitHub login')
    .optional(),
  'private-key-file': z.string().min(1).optional(),
  'private-key-env': envName,
  'previous-private-key-file': z.string().min(1).optional(),
  'previous-private-key-env': envName,
  config: z.string().min(1),
  'api-url': z.url().optional(),
  ...storeFlagSchemas,
  concurrency: z.coerce.number().int().min(1).max(64),
  'max-operations': z.coerce.number().int().min(1),
  'max-attempts': z.coerce.number().int().min(1).max(100),
  'retry-base-seconds': positive,
  'max-wait-hours': positive,
  'lease-seconds': positive,
  'retention-days': positive,
  'max-body-mb': positive.max(25),
  'max-connections': z.coerce.number().int().min(1),
  'max-in-flight-per-client': z.coerce.number().int().min(1),
  'max-unverified-mb': positive,
  'trust-proxy': z
    .string()
    .superRefine((list, ctx) => {
      for (const entry of list.split(','))
        if (entry.trim()) {
          const problem = trustProxyProblem(entry);
          if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^--trust-proxy: /, '') });
        }
    })
    .optional(),
  'metrics-token-env': envName,
  'previous-secret-env': envName,
  'seal-key-env': envName,
  'previous-seal-key-env': envName,
  'sweep-cron': z.string().min(1).optional(),
  'cache-dir': z.string().min(1).optional(),
  'shutdown-timeout': z.coerce.number().min(0),
  'drain-grace': z.coerce.number().min(0).max(600),
  'job-deadline-minutes': z.coerce.number().min(0),
  'dry-run': z.boolean(),
  verbose: z.boolean(),
  'log-level': z.enum(LOG_LEVELS),
  help: z.boolean(),
});

export type ServeFlags = z.output<typeof Flags>;

/** Short variable names kept from earlier versions, read after the rule's REPO_ACTIONS_<FLAG>. */
const EARLIER_NAMES: Record<string, string> = {
  port: 'PORT',
  'app-id': 'GITHUB_APP_ID',
  'webhook-path': 'WEBHOOK_PATH',
  'sweep-cron': 'SWEEP_CRON',
  'trust-proxy': 'TRUST_PROXY',
  'log-level': 'LOG_LEVEL',
};

/** Defaults of the flags whose variables are read (a default in parseArgs would hide the variable). */
const DEFAULTS: Record<string, string | boolean> = {
  port: '3000',
  host: '127.0.0.1',
  'webhook-path': '/api/github/webhooks',
  'secret-env': 'WEBHOOK_SECRET',
  'previous-secret-env': 'WEBHOOK_SECRET_PREVIOUS',
  'seal-key-env': 'REPO_ACTIONS_SEAL_KEY',
  'previous-seal-key-env': 'REPO_ACTIONS_SEAL_KEY_PREVIOUS',
  'token-env': 'GITHUB_TOKEN',
  'private-key-env': 'GITHUB_APP_PRIVATE_KEY',
  'previous-private-key-env': 'GITHUB_APP_PRIVATE_KEY_PREVIOUS',
  config: '.github/triage.yml',
  concurrency: '4',
  'max-operations': '100',
  'max-attempts': '5',
  'retry-base-seconds': '2',
  'max-wait-hours': '24',
  'lease-seconds': '30',
  'retention-days': '7',
  'max-body-mb': '5',
  'max-connections': '256',
  'max-in-flight-per-client': '32',
  'max-unverified-mb': '64',
  'metrics-token-env': 'METRICS_TOKEN',
  'shutdown-timeout': '60',
  'drain-grace': '0',
  'job-deadline-minutes': '30',
  'dry-run': false,
  verbose: false,
};

/** Every flag of `serve` (help aside), in the order of its usage text; the docs' table is checked against it. */
export const SERVE_FLAGS = [
  'database',
  'data-dir',
  'retention-days',
  'port',
  'host',
  'webhook-path',
  'secret-env',
  'previous-secret-env',
  'seal-key-env',
  'previous-seal-key-env',
  'max-body-mb',
  'max-connections',
  'max-in-flight-per-client',
  'max-unverified-mb',
  'trust-proxy',
  'metrics-token-env',
  'app-id',
  'private-key-file',
  'private-key-env',
  'previous-private-key-file',
  'previous-private-key-env',
  'token-env',
  'own-login',
  'config',
  'api-url',
  'concurrency',
  'max-operations',
  'max-attempts',
  'retry-base-seconds',
  'max-wait-hours',
  'lease-seconds',
  'sweep-cron',
  'cache-dir',
  'job-deadline-minutes',
  'shutdown-timeout',
  'drain-grace',
  'dry-run',
  'log-level',
  'verbose',
] as const;

const BOOLEAN_FLAGS = new Set(['dry-run', 'verbose']);

/** The environment variables a flag is read from when it is absent, the rule's name first. */
export function variablesOf(flag: string): string[] {
  return [flagVariable(flag), ...(EARLIER_NAMES[flag] ? [EARLIER_NAMES[flag]] : [])];
}

export interface ServeFlagContext {
  read?: ReadText;
  uid?: number;
  home?: string;
}

export function parseServeFlags(argv: string[], env: NodeJS.ProcessEnv, context: ServeFlagContext = {}): ServeFlags {
  const options = Object.fromEntries(
    SERVE_FLAGS.map((flag) => [flag, { type: BOOLEAN_FLAGS.has(flag) ? 'boolean' : 'string' }] as const),
  );
  const { values: parsed } = parseArgs({
    args: argv,
    options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  const values = parsed as Record<string, string | boolean | undefined>;
  const given: Record<string, unknown> = { ...values };
  const merged: Record<string, unknown> = { ...values };
  for (const flag of SERVE_FLAGS) {
    if (merged[flag] !== undefined || flag === 'database' || flag === 'data-dir') continue;
    const variable = variablesOf(flag).find((name) => env[name]);
    if (variable) {
      const text = env[variable] as string;
      merged[flag] = BOOLEAN_FLAGS.has(flag) ? booleanVariable(variable, text) : text;
    } else merged[flag] = DEFAULTS[flag];
  }
  // --verbose is an alias of --log-level debug; of the two, a flag wins over a variable.
  const level = given['log-level'] ?? (given.verbose ? 'debug' : undefined) ?? merged['log-level'];
  merged['log-level'] = level ?? (merged.verbose ? 'debug' : 'info');
  merged.verbose = merged['log-level'] === 'debug';
  merged.database = databaseOf(values.database as string | undefined, env, context.read);
  merged['data-dir'] = dataDirOf(values['data-dir'] as string | undefined, env, context.uid, context.home);
  return Flags.parse(merged);
}
