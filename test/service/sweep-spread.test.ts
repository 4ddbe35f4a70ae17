// A sweep slot spreads one installation's repositories over ten minutes of the service's time (issue 36, "Two
// lanes"): scaled like every window of its write budget, so a scaled run (time scale 0.01: ten minutes are 6 s)
// spreads them over 6 real seconds, not ten real minutes — the sweep bench runs an organisation's hour in real
// minutes and relies on it. No worker runs here: the jobs' run times are read as the slot queued them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { createService, type Service } from '../../src/hosts/service/server';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { staticTokenProvider } from '../../src/hosts/service/token-provider';
import { startPostgres, type Postgres } from '../../harness/service';

const TOKEN = 'ghs_spread_installation';
const REPOSITORIES = Array.from({ length: 10 }, (_, i) => `octo/r${i}`);
const TIME_SCALE = 0.01;

let emu: Emulator;
let postgres: Postgres;
let store: Store;
let service: Service;

beforeAll(async () => {
  emu = await createEmulator(
    {
      tokens: {
        [TOKEN]: {
          kind: 'installation',
          login: 'triage-app[bot]',
          repositories: REPOSITORIES,
          permissions: { issues: 'write', contents: 'read' },
        },
      },
      repositories: REPOSITORIES.map((r) => ({
        owner: 'octo',
        name: r.split('/')[1],
        branches: { main: { 'README.md': '#\n' } },
      })),
    },
    { timeScale: TIME_SCALE },
  );
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  service = createService({
    secret: 'spread secret',
    store,
    log: jsonLogger({ secrets: [], verbose: false, write: () => {} }),
    dispatcher: {
      tokenProvider: staticTokenProvider(TOKEN),
      client: { baseUrl: emu.apiUrl, timeScale: TIME_SCALE, cacheDir: null },
    },
  });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await emu?.close();
  await postgres?.stop();
});

describe('the sweep spread', () => {
  it("is ten minutes of the service's time scale", async () => {
    expect(await service.sweep(Date.parse('2026-11-29T03:00:00Z'))).toBe(REPOSITORIES.length);
    const { rows } = await store.pool.query<{ key: string; run_at: Date }>(
      `SELECT key, run_at FROM graphile_worker.jobs WHERE key LIKE '%#sweep' ORDER BY run_at`,
    );
    expect(rows.map((r) => r.key).sort()).toEqual(REPOSITORIES.map((r) => `${r}#sweep`).sort());
    // Repository i of 10 runs i tenths of the spread (6 s) after the first, plus the time its queueing took.
    const span = rows[rows.length - 1].run_at.getTime() - rows[0].run_at.getTime();
    expect(span).toBeGreaterThanOrEqual(0.9 * 600_000 * TIME_SCALE);
    expect(span).toBeLessThan(60_000);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i].run_at.getTime() - rows[i - 1].run_at.getTime()).toBeGreaterThanOrEqual(
        0.1 * 600_000 * TIME_SCALE - 1,
      );
  }, 60_000);
});
