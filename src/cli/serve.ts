// `repo-actions serve`: the webhook receiver (issue 9) as a long-running process. The secret and the token
// come from environment variables named by flags and are never printed; SIGTERM/SIGINT stop accepting,
// finish the queued deliveries and exit 0.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Logger } from '../client/types';
import { closeOnSignals, startServer } from '../webhooks/server';
import { appTokenProvider } from '../webhooks/app-token-provider';
import { staticTokenProvider, type TokenProvider } from '../webhooks/token-provider';

export const SERVE_USAGE = `Usage: repo-actions serve [options]

Receives GitHub webhook deliveries (issues, issue_comment, pull_request) and runs the triage rules of the
delivery's repository (.github/triage.yml on its default branch) with the token.

Options:
  --port n               port to listen on (default 3000; 0 picks a free one)
  --host address         address to listen on (default 127.0.0.1)
  --secret-env NAME      environment variable holding the webhook secret (default WEBHOOK_SECRET)
  --token-env NAME       environment variable holding the token (default GITHUB_TOKEN)
  --app-id id            act as this GitHub App: an installation token per delivery instead of --token-env
  --private-key-file f   the App's private key (PEM); or --private-key-env NAME (default GITHUB_APP_PRIVATE_KEY)
  --config path          the triage config in each repository (default .github/triage.yml)
  --api-url url          the API base (default GITHUB_API_URL or https://api.github.com)
  --concurrency n        deliveries processed at once (default 4)
  --max-operations n     writes per delivery at most (default 100)
  --shutdown-timeout s   on SIGTERM/SIGINT, wait at most this long for queued work (default 60; then exit 1)
  --cache-dir dir        keep the ETag cache on disk there (default in memory)
  --dry-run              plan only, write nothing
  --verbose              show debug lines`;

const Flags = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  'secret-env': z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
  'token-env': z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
  'app-id': z.string().regex(/^\d+$/, 'must be the numeric App id').optional(),
  'private-key-file': z.string().min(1).optional(),
  'private-key-env': z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
  config: z.string().min(1),
  'api-url': z.url().optional(),
  concurrency: z.coerce.number().int().min(1).max(64),
  'max-operations': z.coerce.number().int().min(1),
  'cache-dir': z.string().min(1).optional(),
  'shutdown-timeout': z.coerce.number().min(0),
  'dry-run': z.boolean(),
  verbose: z.boolean(),
  help: z.boolean(),
});

/** Log lines with a timestamp; any secret value is masked wherever it appears. */
function consoleLogger(secrets: string[], verbose: boolean): Logger {
  const mask = (m: string) => secrets.filter((s) => s.length >= 4).reduce((text, s) => text.split(s).join('***'), m);
  const line = (stream: NodeJS.WriteStream, level: string, m: string) =>
    stream.write(`${new Date().toISOString()} ${level} ${mask(m)}\n`);
  return {
    debug: (m) => verbose && line(process.stdout, 'debug', m),
    info: (m) => line(process.stdout, 'info ', m),
    warning: (m) => line(process.stderr, 'warn ', m),
  };
}

export async function serveCommand(argv: string[]): Promise<number> {
  let flags: z.output<typeof Flags>;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: '127.0.0.1' },
        'secret-env': { type: 'string', default: 'WEBHOOK_SECRET' },
        'token-env': { type: 'string', default: 'GITHUB_TOKEN' },
        'app-id': { type: 'string' },
        'private-key-file': { type: 'string' },
        'private-key-env': { type: 'string', default: 'GITHUB_APP_PRIVATE_KEY' },
        config: { type: 'string', default: '.github/triage.yml' },
        'api-url': { type: 'string' },
        concurrency: { type: 'string', default: '4' },
        'max-operations': { type: 'string', default: '100' },
        'cache-dir': { type: 'string' },
        'shutdown-timeout': { type: 'string', default: '60' },
        'dry-run': { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    flags = Flags.parse(values);
  } catch (err) {
    const message =
      err instanceof z.ZodError
        ? err.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')
        : (err as Error).message;
    process.stderr.write(`repo-actions serve: ${message}\n\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  const secret = process.env[flags['secret-env']] ?? '';
  if (!secret) {
    process.stderr.write(`repo-actions serve: set the webhook secret in ${flags['secret-env']}\n`);
    return 2;
  }
  const apiUrl = (flags['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  let tokenProvider: TokenProvider;
  let credential: string;
  let source: string;
  if (flags['app-id']) {
    try {
      credential = flags['private-key-file']
        ? readFileSync(flags['private-key-file'], 'utf8')
        : (process.env[flags['private-key-env']] ?? '');
      if (!credential)
        throw new Error(`set the App's private key in ${flags['private-key-env']} or give --private-key-file`);
      tokenProvider = appTokenProvider({ appId: flags['app-id'], privateKey: credential, apiUrl });
    } catch (err) {
      process.stderr.write(`repo-actions serve: ${(err as Error).message}\n`);
      return 2;
    }
    source = `installation tokens of App ${flags['app-id']}`;
  } else {
    credential = process.env[flags['token-env']] ?? '';
    if (!credential) {
      process.stderr.write(`repo-actions serve: set the token in ${flags['token-env']}\n`);
      return 2;
    }
    tokenProvider = staticTokenProvider(credential);
    source = `token from ${flags['token-env']}`;
  }
  const log = consoleLogger([secret, credential], flags.verbose);

  let started;
  try {
    started = await startServer({
      port: flags.port,
      host: flags.host,
      secret,
      tokenProvider,
      configPath: flags.config,
      apiUrl,
      concurrency: flags.concurrency,
      maxOperations: flags['max-operations'],
      cacheDir: flags['cache-dir'],
      dryRun: flags['dry-run'],
      log,
    });
  } catch (err) {
    process.stderr.write(
      `repo-actions serve: cannot listen on ${flags.host}:${flags.port}: ${(err as Error).message}\n`,
    );
    return 1;
  }
  const { receiver, url } = started;
  log.info(
    `Listening on ${url} (API ${apiUrl}, config ${flags.config}, concurrency ${flags.concurrency}${flags['dry-run'] ? ', dry run' : ''}). ` +
      `Secret from ${flags['secret-env']}, ${source}.`,
  );
  const { finished } = await closeOnSignals(receiver, log, { timeoutMs: flags['shutdown-timeout'] * 1000 });
  const { done, ignored, failed } = receiver.dispatcher.stats;
  const times = receiver.answerTimes().sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]?.toFixed(1) ?? '–';
  log.info(
    `Stopped: ${done} processed, ${ignored} ignored, ${failed} failed; answer times of the last ${times.length} requests: p50 ${at(50)} ms, p99 ${at(99)} ms.`,
  );
  return finished ? 0 : 1;
}
