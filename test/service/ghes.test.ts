// `repo-actions serve` as a GitHub App against GitHub Enterprise Server with rate limiting off (its default): the
// API under /api/v3 (`--api-url http://HOST/api/v3`), the App's JWT exchanged there for installation tokens, no
// `x-ratelimit-*` header on any answer and `/rate_limit` a 404. A standard triage delivery runs to completion with
// the same final state as against github.com.
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { registerApp } from '../../emulator/app-hook-routes';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../emulator';
import { api, INSTALLATION_ID, REPO, SECRET, webhookScenario, APP_TOKEN } from '../e2e/webhooks/scenario';
import { withoutPostToken } from '../../emulator/scenarios/triage';
import { eventually, freePort, startServe, tempDir, type ServeProcess } from '../../harness/service';

const APP_ID = 8824;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const open: { emu: Emulator; serve?: ServeProcess; dir: string }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    if (o.serve && o.serve.proc.exitCode === null) {
      o.serve.proc.kill('SIGTERM');
      await o.serve.exited;
    }
    await o.emu.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

/** The scenario of the webhook tests, its installation token made the App's installation. */
function appScenario() {
  const s = webhookScenario();
  s.tokens = { ...s.tokens, [APP_TOKEN]: { ...s.tokens![APP_TOKEN], appId: APP_ID, installationId: INSTALLATION_ID } };
  return s;
}

/** Runs serve in App mode against an emulator with `options`, delivers one new issue, and returns the outcome. */
async function triageOneIssue(options: EmulatorOptions) {
  const emu = await createEmulator(appScenario(), { timeScale: 0.01, ...options });
  const entry: (typeof open)[number] = { emu, dir: tempDir('service-ghes') };
  open.push(entry);
  registerApp(emu.state, APP_ID, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const port = await freePort();
  emu.webhooks.register(REPO, {
    url: `http://127.0.0.1:${port}/api/github/webhooks`,
    secret: SECRET,
    events: ['issues'],
    installationId: INSTALLATION_ID,
  });
  const args = ['--port', String(port), '--secret-env', 'HOOK_SECRET', '--app-id', String(APP_ID)];
  entry.serve = await startServe([...args, '--api-url', emu.apiUrl, '--data-dir', entry.dir], {
    HOOK_SECRET: SECRET,
    GITHUB_APP_PRIVATE_KEY: PEM,
  });
  const mark = emu.log.mark();
  const created = await api(emu, 'POST', `/repos/${REPO}/issues`, {
    title: 'Crash on start',
    body: 'How do I get a backtrace?',
  });
  expect(created.status).toBe(201);
  const number = created.body.number as number;
  const issue = () => emu.state.repo(REPO)!.issues.get(number)!;
  const comments = () => [...emu.state.repo(REPO)!.comments.values()].filter((c) => c.issueNumber === number);
  await eventually(
    () => issue().labels.length === 2 && comments().length === 1,
    60_000,
    `issue #${number} labelled and answered (${entry.serve!.output.slice(-5).join(' | ')})`,
  );
  await emu.webhooks.settled();
  return {
    emu,
    serve: entry.serve,
    requests: emu.log.since(mark),
    state: {
      labels: issue()
        .labels.map((l) => l.name)
        .sort(),
      // The post marker carries a per-post token (random), so the bodies are compared without it.
      comments: comments().map((c) => ({ user: c.user, body: withoutPostToken(c.body) })),
    },
  };
}

describe('serve as an App on GHES with rate limiting off', () => {
  it('triages a delivery to completion with the same final state as on github.com', async () => {
    const com = await triageOneIssue({ ghes: false });
    expect(com.state.labels).toEqual(['bug', 'question']);
    expect(com.state.comments).toEqual([
      { user: 'triage-app[bot]', body: expect.stringContaining('Thanks for asking!') },
    ]);

    const ghes = await triageOneIssue({ ghes: true, rateLimiting: false });
    expect(ghes.emu.apiUrl).toBe(`${ghes.emu.serverUrl}/api/v3`);
    expect(ghes.state).toEqual(com.state);
    // The JWT was exchanged for an installation token under /api/v3, and no answer reported a primary limit.
    expect(ghes.requests.some((e) => e.path === `/app/installations/${INSTALLATION_ID}/access_tokens`)).toBe(true);
    expect(ghes.requests.every((e) => e.rateRemaining === undefined)).toBe(true);
    expect(ghes.requests.filter((e) => e.status >= 400 && e.path !== '/rate_limit')).toEqual([]);
    // Every delivery the emulator sent was accepted, and the service still runs.
    expect(ghes.emu.webhooks.deliveries.map((d) => d.status)).not.toContain(undefined);
    expect(ghes.emu.webhooks.deliveries.every((d) => d.status! < 300)).toBe(true);
    expect(ghes.serve!.proc.exitCode).toBeNull();
  }, 240_000);
});
