// A captured delivery replayed under a fresh X-GitHub-Delivery id (the signature still matches its body): the
// same body seen within the retention time is a duplicate: 202 without work, logged, the engine never runs twice.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch as modeOf } from '../../src/triage/dispatch';
import type { TriageOptions, TriageResult } from '../../src/triage/engine';
import { jsonLogger } from '../../src/webhooks/json-log';
import { createService, type Service } from '../../src/webhooks/server';
import { openStore, type Store } from '../../src/webhooks/store/open-store';
import { eventually, startPostgres, type Postgres } from '../../emulator/runner/service';

const SECRET = 'replay secret';
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;
const runs: string[] = [];
const logs: string[] = [];

async function engine(o: TriageOptions): Promise<TriageResult> {
  runs.push(o.event.name);
  return {
    mode: modeOf(o.event.name, o.event.payload),
    processed: 1,
    plan: [],
    remaining: 0,
    notes: [],
    counts: {} as TriageResult['counts'],
  };
}

beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  service = createService({
    secret: SECRET,
    store,
    log: jsonLogger({ secrets: [], verbose: false, write: (_, line) => logs.push(line) }),
    dispatcher: { tokenProvider: { tokenFor: async () => 'token' }, engine },
  });
  (service.dispatcher.configs as unknown as { load: unknown }).load = async () => ({
    kind: 'found',
    config: { rules: [] },
    fromCache: false,
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  await service?.drain(5_000);
  await store?.close();
  await postgres?.stop();
});

function send(id: string, body: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
    body,
  });
}

describe('a replayed delivery under a fresh id', () => {
  it('is a duplicate: 202, logged, no second run', async () => {
    const body = JSON.stringify({
      action: 'opened',
      issue: { number: 5, title: 'Crash', body: null, state: 'open', user: { login: 'octocat' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
    });
    expect((await send('original-1', body)).status).toBe(202);
    await eventually(() => runs.length === 1, 20_000, 'the original processed');
    const replay = await send('attacker-2', body);
    expect(replay.status).toBe(202);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toHaveLength(1);
    expect(logs.some((l) => l.includes('"delivery":"attacker-2"') && l.includes('duplicate'))).toBe(true);
    expect((await store.log.list({ limit: 10 })).map((d) => d.id)).toEqual(['original-1']);
  });
});
