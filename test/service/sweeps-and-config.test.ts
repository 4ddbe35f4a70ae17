// Scheduled sweeps run through the service: a slot queues one sweep per repository the installation can reach
// (`GET /installation/repositories`, so a repository that never sent a delivery is swept too), the triage engine's
// stale sweep runs with it, and the same slot never queues twice. The config comes from the
// repository, else from the organisation's `.github` repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { createService, type Service } from '../../src/hosts/service/server';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { staticTokenProvider } from '../../src/hosts/service/token-provider';
import { APP_TOKEN, SECRET } from '../e2e/webhooks/scenario';
import { eventually, postDelivery, startPostgres, type Postgres } from '../../harness/service';

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
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;

beforeAll(async () => {
  const old = new Date(Date.now() - 100 * DAY).toISOString();
  emu = await createEmulator(
    {
      tokens: {
        [APP_TOKEN]: {
          kind: 'installation',
          login: 'triage-app[bot]',
          repositories: ['octo/app', 'octo/plain', 'octo/quiet', 'octo/.github'],
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
        // Installed, but no delivery ever came from it.
        {
          owner: 'octo',
          name: 'quiet',
          branches: { main: { '.github/triage.yml': STALE_CONFIG } },
          issues: [{ title: 'Also forgotten', user: 'octocat', createdAt: old, updatedAt: old }],
        },
        { owner: 'octo', name: '.github', branches: { main: { '.github/triage.yml': ORG_CONFIG } } },
      ],
    },
    { timeScale: 0.01 },
  );
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  service = createService({
    secret: SECRET,
    store,
    sweepSpreadMs: 0,
    log: jsonLogger({ secrets: [], verbose: false, write: () => {} }),
    dispatcher: {
      tokenProvider: staticTokenProvider(APP_TOKEN),
      client: { baseUrl: emu.apiUrl, timeScale: 0.01, cacheDir: null },
    },
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  await service?.drain(5_000);
  await store?.close();
  await emu?.close();
  await postgres?.stop();
});

const open = async () => {
  const s = await store.log.stats();
  return s.queued + s.running;
};

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

  it('runs the stale sweep of each installed repository once per cron slot, with or without deliveries', async () => {
    // The service knows octo/app from a delivery (an event nothing acts on still teaches it the repository).
    const seen = {
      action: 'opened',
      issue: { number: 2, title: 'Fresh', body: null, state: 'open', user: { login: 'octocat' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
    };
    expect((await postDelivery(url, { id: 'app-1', event: 'issues', payload: seen, secret: SECRET })).status).toBe(202);
    await eventually(async () => (await open()) === 0, 20_000, 'the delivery processed');

    const slot = Date.parse('2026-11-24T03:00:00Z');
    expect(await service.sweep(slot)).toBe(4); // the installation's four repositories
    expect(await service.sweep(slot)).toBe(0); // the slot again (another replica): nothing new
    await eventually(() => labels('octo/app', 1).includes('stale'), 20_000, 'the forgotten issue marked stale');
    await eventually(() => labels('octo/quiet', 1).includes('stale'), 20_000, 'the quiet repository swept too');
    await eventually(async () => (await open()) === 0, 20_000, 'the sweeps done');
    expect(labels('octo/app', 2)).toEqual([]);
    const sweeps = (await store.log.list({ state: 'done' })).filter((d) => d.event === 'schedule');
    expect(sweeps.map((d) => d.repository).sort()).toEqual(['octo/.github', 'octo/app', 'octo/plain', 'octo/quiet']);
    const comments = [...emu.state.repo('octo/app')!.comments.values()].filter((c) => c.issueNumber === 1);
    expect(comments).toHaveLength(1);
  });
});
