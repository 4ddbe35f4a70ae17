// The emulator's answers that tell who a token writes as (identity.ts learns it; the service reads its App with a
// JWT): `GET /app` with the App's JWT names its slug, and refuses an installation token (401); `GET /user` refuses
// an integration token (403) and names a personal token's user; GraphQL's `viewer` names every kind, an App's token
// as `<slug>[bot]`; the issue events name who put a label on.
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { registerApp } from '../../../emulator/app-hook-routes';
import { daysAgo, REPO, scenarioOf, TOKEN } from '../../../emulator/scenarios/triage';
import { appJwt } from '../../../src/hosts/service/app-token-provider';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const APP_TOKEN = 'ghs_tidy_bot_installation';
const PAT = 'ghp_mona_personal';

async function call(path: string, auth: string, init: RequestInit = {}) {
  const response = await fetch(`${emu!.apiUrl}${path}`, {
    ...init,
    headers: { authorization: auth, accept: 'application/json', 'content-type': 'application/json' },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('identity evidence in the emulator', () => {
  it('GET /app, GET /user, GraphQL viewer and the issue events, for each kind of token', async () => {
    const scenario = scenarioOf({
      issues: [
        {
          number: 1,
          title: 'Old',
          labels: ['stale'],
          labelEvents: [{ label: 'stale', actor: 'tidy-bot[bot]', createdAt: daysAgo(3) }],
        },
      ],
    });
    scenario.tokens![APP_TOKEN] = {
      kind: 'installation',
      login: 'tidy-bot[bot]',
      appId: 4242,
      installationId: 77,
      repositories: [REPO],
      permissions: { issues: 'write' },
    };
    scenario.tokens![PAT] = { kind: 'user', login: 'mona' };
    emu = await createEmulator(scenario, { timeScale: 0.01 });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    registerApp(emu.state, 4242, publicKey.export({ type: 'spki', format: 'pem' }).toString());

    const app = await call('/app', `Bearer ${appJwt(4242, privateKey, Date.now())}`);
    expect(app).toMatchObject({ status: 200, body: { id: 4242, slug: 'tidy-bot' } });
    expect((await call('/app', `token ${APP_TOKEN}`)).status).toBe(401);

    expect((await call('/user', `token ${APP_TOKEN}`)).status).toBe(403);
    expect((await call('/user', `token ${TOKEN}`)).status).toBe(403);
    expect(await call('/user', `token ${PAT}`)).toMatchObject({ status: 200, body: { login: 'mona' } });

    const viewer = async (token: string) =>
      (
        await call('/graphql', `token ${token}`, {
          method: 'POST',
          body: JSON.stringify({ query: 'query { viewer { __typename login } }' }),
        })
      ).body;
    expect(await viewer(APP_TOKEN)).toMatchObject({ data: { viewer: { login: 'tidy-bot[bot]' } } });
    expect(await viewer(TOKEN)).toMatchObject({ data: { viewer: { login: 'github-actions[bot]' } } });
    expect(await viewer(PAT)).toMatchObject({ data: { viewer: { __typename: 'User', login: 'mona' } } });

    await call(`/repos/${REPO}/issues/1/labels`, `token ${PAT}`, {
      method: 'POST',
      body: JSON.stringify({ labels: ['bug'] }),
    });
    const events = await fetch(`${emu.apiUrl}/repos/${REPO}/issues/1/events`, {
      headers: { authorization: `token ${TOKEN}`, accept: 'application/json' },
    }).then((r) => r.json() as Promise<{ event: string; actor: { login: string }; label: { name: string } }[]>);
    expect(events.map((e) => [e.event, e.label.name, e.actor.login])).toEqual([
      ['labeled', 'stale', 'tidy-bot[bot]'],
      ['labeled', 'bug', 'mona'],
    ]);
  });
});
