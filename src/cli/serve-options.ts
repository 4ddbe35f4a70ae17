// The flags of `repo-actions serve` (and the store flags `deliveries` shares): parsed with node:util, checked
// with zod. Every flag has an environment variable for container deployments (docs/service.md).
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { z } from 'zod';

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
  config: z.string().min(1),
  'api-url': z.url().optional(),
  database: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  'data-dir': z.string().min(1),
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
    .refine(
      (list) => list.split(',').every((a) => a.trim() === '' || isIP(a.trim()) !== 0),
      'must be IP addresses of proxies, comma-separated',
    )
    .optional(),
  'metrics-token-env': envName,
  'previous-secret-env': envName,
  'sweep-cron': z.string().min(1).optional(),
  'cache-dir': z.string().min(1).optional(),
  'shutdown-timeout': z.coerce.number().min(0),
  'dry-run': z.boolean(),
  verbose: z.boolean(),
  help: z.boolean(),
});

export type ServeFlags = z.output<typeof Flags>;

/** Flag → environment variable read when the flag is absent. */
const FROM_ENVIRONMENT: Record<string, string> = {
  port: 'PORT',
  database: 'DATABASE_URL',
  'data-dir': 'REPO_ACTIONS_DATA_DIR',
  'app-id': 'GITHUB_APP_ID',
  'webhook-path': 'WEBHOOK_PATH',
  'sweep-cron': 'SWEEP_CRON',
  'trust-proxy': 'TRUST_PROXY',
};

export function parseServeFlags(argv: string[], env: NodeJS.ProcessEnv): ServeFlags {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-path': { type: 'string' },
      'secret-env': { type: 'string', default: 'WEBHOOK_SECRET' },
      'previous-secret-env': { type: 'string', default: 'WEBHOOK_SECRET_PREVIOUS' },
      'token-env': { type: 'string', default: 'GITHUB_TOKEN' },
      'app-id': { type: 'string' },
      'own-login': { type: 'string' },
      'private-key-file': { type: 'string' },
      'private-key-env': { type: 'string', default: 'GITHUB_APP_PRIVATE_KEY' },
      config: { type: 'string', default: '.github/triage.yml' },
      'api-url': { type: 'string' },
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      'max-operations': { type: 'string', default: '100' },
      'max-attempts': { type: 'string', default: '5' },
      'retry-base-seconds': { type: 'string', default: '2' },
      'max-wait-hours': { type: 'string', default: '24' },
      'lease-seconds': { type: 'string', default: '30' },
      'retention-days': { type: 'string', default: '7' },
      'max-body-mb': { type: 'string', default: '5' },
      'max-connections': { type: 'string', default: '256' },
      'max-in-flight-per-client': { type: 'string', default: '32' },
      'max-unverified-mb': { type: 'string', default: '64' },
      'trust-proxy': { type: 'string' },
      'metrics-token-env': { type: 'string', default: 'METRICS_TOKEN' },
      'sweep-cron': { type: 'string' },
      'cache-dir': { type: 'string' },
      'shutdown-timeout': { type: 'string', default: '60' },
      'dry-run': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const merged: Record<string, unknown> = { ...values };
  for (const [flag, variable] of Object.entries(FROM_ENVIRONMENT))
    if (merged[flag] === undefined && env[variable]) merged[flag] = env[variable];
  merged.port ??= '3000';
  merged['webhook-path'] ??= '/api/github/webhooks';
  merged['data-dir'] ??= '.repo-actions';
  return Flags.parse(merged);
}
