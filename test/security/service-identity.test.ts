// The App-mode service knows who it is without `--own-login` (the documented set-up): it reads `GET /app` with the
// App's JWT at start and writes as `<slug>[bot]`. The attacks, against the emulator and `serve` as a child process:
// - a stranger opens an issue a commenting rule matches and edits it three times: the rule comments once (the
//   service recognises its own comment, read through GraphQL, by `viewerDidAuthor` and its login);
// - an account owning another App reacts 👍 to a maintainer's `/close` before the job runs: the command still runs
//   (no bot stands for the service);
// - `--own-login` naming another login than `GET /app`'s: serve refuses to start, naming both.
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApp } from '../../emulator/app-hook-routes';
import { createEmulator, type Emulator } from '../../emulator';
import { api, APP_TOKEN, INSTALLATION_ID, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';
import { eventually, freePort, startServe, tempDir, type ServeProcess } from '../../harness/service';

const APP_ID = 9311;
const FOREIGN_TOKEN = 'ghs_foreign_app_installation';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let emu: Emulator;
let serve: ServeProcess;
const dirs: string[] = [];

function scenario() {
  const s = webhookScenario();
  s.tokens = {
    ...s.tokens,
    [APP_TOKEN]: { ...s.tokens![APP_TOKEN], appId: APP_ID, installationId: INSTALLATION_ID },
    [FOREIGN_TOKEN]: {
      kind: 'installation',
      login: 'other-app[bot]',
      repositories: [REPO],
      permissions: { issues: 'write' },
    },
  };
  return s;
}

const comments = (number: number) =>
  [...emu.state.repo(REPO)!.comments.values()].filter((c) => c.issueNumber === number);
/** The service's outcome lines of the item's `issues` deliveries (opened, then each edit). */
const outcomes = (number: number) =>
  serve.output.filter((l) => l.includes('"event":"issues"') && l.includes(`"message":"${REPO}#${number}: `)).length;
const tail = () => serve.output.slice(-6).join(' | ');

beforeAll(async () => {
  emu = await createEmulator(scenario(), { timeScale: 0.01 });
  registerApp(emu.state, APP_ID, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const port = await freePort();
  emu.webhooks.register(REPO, {
    url: `http://127.0.0.1:${port}/api/github/webhooks`,
    secret: SECRET,
    events: ['issues', 'issue_comment'],
    installationId: INSTALLATION_ID,
  });
  const dir = tempDir('service-identity');
  dirs.push(dir);
  // App mode without --own-login.
  const args = ['--port', String(port), '--secret-env', 'HOOK_SECRET', '--app-id', String(APP_ID)];
  serve = await startServe([...args, '--api-url', emu.apiUrl, '--data-dir', dir], {
    HOOK_SECRET: SECRET,
    GITHUB_APP_PRIVATE_KEY: PEM,
  });
}, 180_000);

afterAll(async () => {
  if (serve && serve.proc.exitCode === null) {
    serve.proc.kill('SIGTERM');
    await serve.exited;
  }
  await emu?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the App-mode service knows its identity without --own-login', () => {
  it('learns its login from GET /app at start', () => {
    expect(serve.output.join('\n')).toContain(`Acting as App ${APP_ID}, writing as triage-app[bot].`);
  });

  it("a stranger's three edits under a commenting rule get exactly one comment", async () => {
    // The emulator lets only collaborators open issues through the API: a stranger's opens and edits are made
    // outside it, each delivered as GitHub would.
    const issue = emu.webhooks.openIssue(REPO, { title: 'Setup', body: 'How do I configure it?', user: 'stranger' });
    const repo = emu.state.repo(REPO)!;
    const number = issue.number;
    await eventually(() => comments(number).length === 1, 60_000, `the rule's comment on #${number} (${tail()})`);
    for (let i = 1; i <= 3; i++) {
      const before = issue.body;
      issue.body = `How do I configure it? (edit ${i})`;
      issue.updatedAt = emu.state.clock.iso();
      const fields = { number, title: issue.title, body: issue.body, user: { login: 'stranger', type: 'User' } };
      const changes = { body: { from: before } };
      emu.webhooks.emit(
        repo,
        'issues',
        emu.webhooks.payload(repo, 'stranger', { action: 'edited', issue: fields, changes }),
      );
      // Each edit's delivery is processed before the next edit (none coalesced with another).
      await eventually(() => outcomes(number) >= i + 1, 60_000, `edit ${i} of #${number} processed (${tail()})`);
    }
    expect(comments(number).map((c) => c.user)).toEqual(['triage-app[bot]']);
  }, 180_000);

  it("another App's 👍 on a maintainer's /close before the job runs does not drop the command", async () => {
    const created = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Old', body: 'stale' });
    const number = created.body.number as number;
    await emu.webhooks.settled();
    // The comment and the foreign reaction are in place in the same tick, before its delivery reaches the service.
    const command = emu.webhooks.comment(REPO, number, { body: '/close', user: 'alice' });
    command.reactions.push({ id: emu.state.id(), content: '+1', user: 'other-app[bot]', createdAt: command.createdAt });
    const issue = () => emu.state.repo(REPO)!.issues.get(number)!;
    await eventually(() => issue().state === 'closed', 60_000, `#${number} closed by /close (${tail()})`);
    await eventually(() => command.reactions.length === 2, 60_000, `the service's reaction (${tail()})`);
    expect(command.reactions.map((r) => `${r.content} ${r.user}`).sort()).toEqual([
      '+1 other-app[bot]',
      '+1 triage-app[bot]',
    ]);
  }, 120_000);
});

describe('--own-login in App mode is a check', () => {
  it('a login other than GET /app names: serve refuses to start, naming both', async () => {
    const dir = tempDir('service-identity-mismatch');
    dirs.push(dir);
    const port = await freePort();
    const args = ['--port', String(port), '--secret-env', 'HOOK_SECRET', '--app-id', String(APP_ID)];
    const started = startServe(
      [...args, '--own-login', 'someone-else[bot]', '--api-url', emu.apiUrl, '--data-dir', dir],
      {
        HOOK_SECRET: SECRET,
        GITHUB_APP_PRIVATE_KEY: PEM,
      },
    );
    const err = (await started.then(
      () => undefined,
      (e: unknown) => e,
    )) as Error | undefined;
    expect(err?.message).toMatch(/serve exited with 1/);
    expect(err?.message).toContain('--own-login someone-else[bot] does not match the App');
    expect(err?.message).toContain('triage-app[bot]');
  }, 120_000);
});
