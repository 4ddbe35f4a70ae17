// createEmulator(scenario, options): a loopback GitHub REST API on two random 127.0.0.1 ports (API and uploads).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Faults } from './faults';
import { API_PREFIX, ghesFront, ghesVersionOf, rateLimitingOf, UPLOADS_PREFIX } from './ghes';
import type { Env, Route } from './http';
import { RateLimits, strictOf } from './limits';
import { RequestLog } from './log';
import { allRoutes } from './routes';
import { seedState } from './seed';
import { createHandler } from './server';
import { Clock, type Repo, type State } from './state';
import { Webhooks } from './webhooks';
import { DEFAULT_LIMITS, type EmulatorOptions, type Scenario } from './types';

export type { Scenario, EmulatorOptions, RepoSeed, TokenSeed, IssueSeed, ReleaseSeed, FileSeed } from './types';
export type { LogEntry, LogSummary } from './log';
export { RequestLog } from './log';

export interface Emulator {
  /** e.g. http://127.0.0.1:39123 — pass as GITHUB_API_URL. */
  apiUrl: string;
  /** The uploads listener (releases' `upload_url` points here). */
  uploadUrl: string;
  state: State;
  log: RequestLog;
  faults: Faults;
  /** Webhook deliveries (emulator/webhooks.ts): register hooks, switches, delivery records. */
  webhooks: Webhooks;
  clock: Clock;
  limits: RateLimits;
  options: EmulatorOptions;
  /** The GitHub Enterprise Server version it plays (one origin, `/api/v3`), or undefined for github.com. */
  ghesVersion: string | undefined;
  /** `GITHUB_GRAPHQL_URL` as the runner sets it: `${apiUrl}/graphql` on github.com, `https://HOST/api/graphql` on GHES. */
  graphqlUrl: string;
  /** `GITHUB_SERVER_URL`: the API's origin on GHES (the web host), the API URL on github.com's loopback. */
  serverUrl: string;
  close(): Promise<void>;
}

function listen(server: Server, port = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export async function createEmulator(scenario: Scenario, options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = new Clock();
  const state = seedState(scenario, clock);
  const faults = new Faults();
  const log = new RequestLog();
  const ghesVersion = ghesVersionOf(options);
  const limits = new RateLimits(
    {
      ...DEFAULT_LIMITS,
      ...(options.enterpriseCloud ? { workflow: 15_000 } : {}),
      ...(options.limits ?? {}),
    },
    options.timeScale ?? 1,
    rateLimitingOf(options),
    strictOf(options.strictSecondary),
  );
  const env: Env = {
    state,
    options,
    apiUrl: '',
    uploadUrl: '',
    tempDir: mkdtempSync(join(tmpdir(), 'emulator-')),
    beforeRefUpdate(repo: Repo, ref: string) {
      const branch = ref.replace(/^refs\/heads\//, '');
      for (const push of faults.takePushes(repo.fullName, branch)) {
        state.commitFiles(
          repo.fullName,
          branch,
          push.files,
          push.message ?? 'Concurrent push',
          push.login ?? 'someone-else',
        );
      }
    },
  };
  const webhooks = new Webhooks(env);
  const routes: Route[] = webhooks.wrap(allRoutes);
  const pipeline = { env, routes, limits, faults, log };
  const apiHandler = createHandler(pipeline, 'api');
  const uploadsHandler = createHandler(pipeline, 'uploads');
  // GHES serves API, GraphQL and uploads from one host (ghes.ts); github.com from api.* and uploads.* hosts.
  const servers = ghesVersion
    ? [createServer(ghesFront(ghesVersion, apiHandler, uploadsHandler))]
    : [createServer(apiHandler), createServer(uploadsHandler)];
  for (const s of servers) {
    s.keepAliveTimeout = 5_000;
    s.requestTimeout = 0;
  }
  let serverUrl: string;
  let graphqlUrl: string;
  if (ghesVersion) {
    serverUrl = await listen(servers[0], options.port);
    env.apiUrl = `${serverUrl}${API_PREFIX}`;
    env.uploadUrl = `${serverUrl}${UPLOADS_PREFIX}`;
    graphqlUrl = `${serverUrl}/api/graphql`;
  } else {
    env.apiUrl = await listen(servers[0], options.port);
    env.uploadUrl = await listen(servers[1]);
    serverUrl = env.apiUrl;
    graphqlUrl = `${env.apiUrl}/graphql`;
  }

  return {
    get apiUrl() {
      return env.apiUrl;
    },
    get uploadUrl() {
      return env.uploadUrl;
    },
    state,
    log,
    faults,
    webhooks,
    clock,
    limits,
    options,
    ghesVersion,
    graphqlUrl,
    serverUrl,
    async close() {
      webhooks.close();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      rmSync(env.tempDir, { recursive: true, force: true });
    },
  };
}
