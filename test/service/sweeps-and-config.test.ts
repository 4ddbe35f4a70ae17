// Scheduled sweeps run through the service: the replica that claims a slot queues one job per known repository,
// the triage engine's stale sweep runs with it, and the same slot never runs twice. The config comes from the
// repository, else from the organisation's `.github` repository.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../emulator';
import { jsonLogger } from '../../src/webhooks/json-log';
import { createService, type Service } from '../../src/webhooks/server';
import { openSqliteStore } from '../../src/webhooks/store/sqlite-store';
import type { DeliveryStore } from '../../src/webhooks/store/types';
import { parseCron, sweepTick } from '../../src/webhooks/sweeps';
import { staticTokenProvider } from '../../src/webhooks/token-provider';
import { APP_TOKEN, SECRET } from '../e2e/webhooks/scenario';
import { eventually, postDelivery, tempDir } from './harness';

const DAY = 86_400_000;
const STALE_CONFIG = `stale:
  days-before-stale: 30
  days-before-close: 7
`;
const ORG_CONFIG = `rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then: { add-labels: [bug] }
`;

let emu: Emulator;
let store: DeliveryStore;
let service: Service;
let url: string;
const dataDir = tempDir('service-sweeps');

beforeAll(async () => {
  const old = new Date(Date.now() - 100 * DAY).toISOString();
  emu = await createEmulator(
    {
      tokens: {
        [APP_TOKEN]: {
          kind: 'installation',
          login: 'triage-app[bot]',
          repositories: ['octo/app', 'octo/plain', 'octo/.github'],
          permissions: { issues: 'write', contents: 'read' },
        },
      },
      repositories: [
        {
          owner: 'octo',
          name: 'app',
          branches: { main: { '.github/triage.yml': STALE_CONFIG } },
          issues: [
            { title: 'Forgotten', user: 'octocat', createdAt: old, updatedAt: old },
            { title: 'Fresh', user: 'octocat' },
          ],
        },
        // No config of its own: the organisation's applies.
        {
          owner: 'octo',
          name: 'plain',
          branches: { main: { 'README.md': '#\n' } },
          labels: [{ name: 'bug', color: 'd73a4a' }],
          issues: [{ title: 'Crash here', user: 'octocat' }],
        },
        { owner: 'octo', name: '.github', branches: { main: { '.github/triage.yml': ORG_CONFIG } } },
      ],
    },
    { timeScale: 0.01 },
  );
  store = openSqliteStore({ dataDir });
  service = createService({
    secret: SECRET,
    store,
    log: jsonLogger({ secrets: [], verbose: false, write: () => {} }),
    dispatcher: {
      tokenProvider: staticTokenProvider(APP_TOKEN),
      client: { baseUrl: emu.apiUrl, timeScale: 0.01, cacheDir: null },
    },
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
});
afterAll(async () => {
  await service.drain(5_000);
  await store.close();
  await emu.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const labels = (repo: string, n: number) =>
  emu.state
    .repo(repo)!
    .issues.get(n)!
    .labels.map((l) => l.name);

describe('service mode', () => {
  it("falls back to the organisation's .github repository for the config", async () => {
    const payload = {
      action: 'opened',
      issue: { number: 1, title: 'Crash here', body: null, state: 'open', user: { login: 'octocat' }, labels: [] },
      repository: { name: 'plain', owner: { login: 'octo' } },
    };
    expect((await postDelivery(url, { id: 'org-1', event: 'issues', payload, secret: SECRET })).status).toBe(202);
    await eventually(() => labels('octo/plain', 1).includes('bug'), 20_000, 'the label from the org config');
  });

  it('runs the stale sweep of each known repository once per cron slot', async () => {
    // The service knows octo/app from a delivery (an event nothing acts on still teaches it the repository).
    const seen = {
      action: 'opened',
      issue: { number: 2, title: 'Fresh', body: null, state: 'open', user: { login: 'octocat' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
    };
    expect((await postDelivery(url, { id: 'app-1', event: 'issues', payload: seen, secret: SECRET })).status).toBe(202);
    await eventually(async () => (await store.stats()).depth === 0, 20_000, 'the delivery processed');

    const cron = parseCron('0 3 * * *');
    const now = () => Date.parse('2026-11-24T03:00:20Z');
    const log = { debug() {}, info() {}, warning() {} };
    const onQueued = () => service.worker.wake();
    expect(await sweepTick({ cron, store, log, now, onQueued })).toBe(2); // octo/app and octo/plain
    expect(await sweepTick({ cron, store, log, now, onQueued })).toBe(0);
    await eventually(() => labels('octo/app', 1).includes('stale'), 20_000, 'the forgotten issue marked stale');
    await eventually(async () => (await store.stats()).depth === 0, 20_000, 'the sweeps done');
    expect(labels('octo/app', 2)).toEqual([]);
    const sweeps = (await store.list({ state: 'done' })).filter((d) => d.event === 'schedule');
    expect(sweeps.map((d) => d.repository).sort()).toEqual(['octo/app', 'octo/plain']);
    const comments = [...emu.state.repo('octo/app')!.comments.values()].filter((c) => c.issueNumber === 1);
    expect(comments).toHaveLength(1);
  });
});
