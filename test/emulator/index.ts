// createEmulator(scenario, options): a loopback GitHub REST API on two random 127.0.0.1 ports (API and uploads).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Faults } from './faults';
import type { Env, Route } from './http';
import { RateLimits } from './limits';
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
  /** Webhook deliveries (test/emulator/webhooks.ts): register hooks, switches, delivery records. */
  webhooks: Webhooks;
  clock: Clock;
  limits: RateLimits;
  options: EmulatorOptions;
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
  const limits = new RateLimits({ ...DEFAULT_LIMITS, ...(options.limits ?? {}) }, options.timeScale ?? 1);
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
  const api = createServer(createHandler(pipeline, 'api'));
  const uploads = createServer(createHandler(pipeline, 'uploads'));
  for (const s of [api, uploads]) {
    s.keepAliveTimeout = 5_000;
    s.requestTimeout = 0;
  }
  env.apiUrl = await listen(api, options.port);
  env.uploadUrl = await listen(uploads);

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
    async close() {
      webhooks.close();
      await Promise.all(
        [api, uploads].map(
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
