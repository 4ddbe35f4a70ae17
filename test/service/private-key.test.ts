// The App's private key revoked mid-run, then rotated (issue 36, item 7): GitHub's 401 to the App's JWT is checked
// against every configured key; while it refuses them all, /readyz answers 503 "private key refused", the
// `repo_actions_credentials_refused` gauge is 1 and the deliveries wait on their installation's circuit (queued, no
// attempt spent) instead of failing; once GitHub accepts a key again (here the new key of a rotation, added to the
// App in the emulator) readiness comes back and every delivery is done — none failed.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { registerApp, revokeAppKey } from '../../emulator/app-hook-routes';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { appTokenProvider, type AppTokenProvider } from '../../src/hosts/service/app-token-provider';
import type { TokenProvider } from '../../src/hosts/service/token-provider';
import { APP_TOKEN, INSTALLATION_ID, webhookScenario } from '../e2e/webhooks/scenario';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const APP_ID = 9136;
const SECRET = 'webhook secret of the key test';
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const OLD = pair();
const NEW = pair();

let emu: Emulator;
let provider: AppTokenProvider;
const tokensUsed: string[] = [];

beforeAll(async () => {
  const scenario = webhookScenario();
  scenario.tokens = {
    ...scenario.tokens,
    [APP_TOKEN]: { ...scenario.tokens![APP_TOKEN], appId: APP_ID, installationId: INSTALLATION_ID },
  };
  emu = await createEmulator(scenario, { timeScale: 0.01 });
  registerApp(emu.state, APP_ID, OLD.publicPem);
  // Installation tokens come back already due for renewal: every delivery exchanges the App's JWT again, so a
  // revoked key shows at the next delivery (GitHub keeps tokens issued before a key's deletion valid for their hour).
  emu.state.clock.advance(-3_600_000);
  // The operator's configuration during a rotation: the key in use, and the new one GitHub does not know yet.
  provider = appTokenProvider({
    appId: APP_ID,
    privateKey: OLD.pem,
    previousPrivateKeys: [NEW.pem],
    apiUrl: emu.apiUrl,
    recheckMs: 100,
  });
});
afterAll(async () => emu?.close());

/** The provider made in beforeAll (the service is configured before it exists). */
const lateProvider: TokenProvider = {
  tokenFor: async (installation, repository) => {
    const token = await provider.tokenFor(installation, repository);
    tokensUsed.push(token);
    return token;
  },
  credentialProblem: () => provider.credentialProblem?.(),
  recheckCredentials: () => provider.recheckCredentials?.() ?? Promise.resolve(),
};

async function engine(o: TriageOptions): Promise<TriageResult> {
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  sealKey: 'seal',
  engine,
  dispatcher: { tokenProvider: lateProvider },
  service: { circuitTimes: { probeBaseMs: 200, probeMaxMs: 400, probeHoldMs: 2_000 }, maxAttempts: 2 },
});

const base = () => svc.url.replace(/\/api\/github\/webhooks$/, '');

function opened(number: number) {
  return {
    action: 'opened',
    installation: { id: INSTALLATION_ID },
    issue: { number, title: 'Crash', body: 'x', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

async function deliver(number: number): Promise<void> {
  const answer = await deliverUntilStored(svc.url, {
    id: `key-${number}`,
    event: 'issues',
    payload: opened(number),
    secret: SECRET,
  });
  expect(answer.status).toBe(202);
}

async function states(): Promise<Record<string, { state: string; attempts: number; last_error: string | null }>> {
  const { rows } = await svc.store.pool.query(
    "SELECT id, state, attempts, last_error FROM repo_actions_deliveries WHERE id LIKE 'key-%'",
  );
  return Object.fromEntries(
    rows.map((r) => [r.id, { state: r.state, attempts: r.attempts, last_error: r.last_error }]),
  );
}

async function readiness(): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base()}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function refusedGauge(): Promise<string | undefined> {
  const text = await (await fetch(`${base()}/metrics`)).text();
  return /^repo_actions_credentials_refused (\d+)$/m.exec(text)?.[1];
}

describe('the App private key', () => {
  it('revoked: readiness 503, deliveries wait; the new key added: ready again, all done, none failed', async () => {
    await deliver(1);
    await eventually(async () => (await states())['key-1']?.state === 'done', 20_000, 'the first delivery done');
    expect(provider.keyInUse()).toBe(0);
    expect((await readiness()).status).toBe(200);
    expect(await refusedGauge()).toBe('0');

    expect(revokeAppKey(emu.state, APP_ID, OLD.publicPem)).toBe(true);
    for (const n of [2, 3, 4]) await deliver(n);
    await eventually(async () => (await readiness()).status === 503, 20_000, 'readiness 503');
    const ready = await readiness();
    expect(ready.body).toMatchObject({ ready: false, reason: 'private key refused' });
    expect(String(ready.body.detail)).toMatch(/401/);
    expect(await refusedGauge()).toBe('1');
    // Waiting, not failing: queued with the refusal (or the circuit's wait for it) as their last error and no attempt spent, through probes of
    // the circuit well past maxAttempts (2).
    await eventually(
      async () => {
        const now = await states();
        const why = (id: string) => String(now[id]?.last_error);
        return ['key-2', 'key-3', 'key-4'].every((id) => /refused the JWT|\(credentials\)/.test(why(id)));
      },
      // Generous: under the whole suite's load (two cores), the refusals and the circuit's deferrals took over 20 s once.
      60_000,
      'the deliveries waiting',
    );
    for (let sample = 0; sample < 15; sample++) {
      const now = await states();
      for (const id of ['key-2', 'key-3', 'key-4']) {
        expect(['queued', 'running']).toContain(now[id].state);
        expect(now[id].attempts).toBeLessThanOrEqual(1);
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    registerApp(emu.state, APP_ID, NEW.publicPem);
    await eventually(async () => (await readiness()).status === 200, 20_000, 'ready again');
    await eventually(
      async () => Object.values(await states()).every((d) => d.state === 'done'),
      30_000,
      'every delivery done',
    );
    expect(Object.values(await states()).filter((d) => d.state === 'failed')).toEqual([]);
    expect(provider.keyInUse()).toBe(1);
    expect(await refusedGauge()).toBe('0');
    expect(tokensUsed.every((t) => t === APP_TOKEN)).toBe(true);
  }, 120_000);
});
