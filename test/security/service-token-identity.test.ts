// The service with a token (no App) learns who it is at start, as the App-mode service does from `GET /app`:
// `GET /user` for a personal token, GraphQL's `viewer` (1 point) for an installation or workflow token, which
// `GET /user` refuses (403). `--own-login` is only a check. The attacks, against the emulator and `serve` as a child
// process started with an installation token and no `--own-login`:
// - an account owning another App reacts 👍 to a maintainer's `/close` before the job runs: the command still runs,
//   and the service's own reaction is recognised as its own;
// - a stranger edits an issue a commenting rule matches three times: one comment.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/github/client';
import { tokenServiceIdentity } from '../../src/hosts/cli/serve-identity';
import { createEmulator, type Emulator } from '../../emulator';
import { api, APP_TOKEN, REPO, SECRET, USER_TOKEN, webhookScenario } from '../e2e/webhooks/scenario';
import { eventually, freePort, startServe, tempDir, type ServeProcess } from '../../harness/service';

const FOREIGN_TOKEN = 'ghs_foreign_app_installation';
const WORKFLOW = 'ghs_workflow_like_token';

let emu: Emulator;
let serve: ServeProcess;
const dirs: string[] = [];

function scenario() {
  const s = webhookScenario();
  s.tokens = {
    ...s.tokens,
    [FOREIGN_TOKEN]: { kind: 'installation', login: 'other-app[bot]', repositories: [REPO], permissions: {} },
    [WORKFLOW]: { kind: 'workflow', repositories: [REPO], permissions: { issues: 'write' } },
  };
  return s;
}

const comments = (number: number) =>
  [...emu.state.repo(REPO)!.comments.values()].filter((c) => c.issueNumber === number);
const outcomes = (number: number) =>
  serve.output.filter((l) => l.includes('"event":"issues"') && l.includes(`"message":"${REPO}#${number}: `)).length;
const tail = () => serve.output.slice(-6).join(' | ');

beforeAll(async () => {
  emu = await createEmulator(scenario(), { timeScale: 0.01 });
  const port = await freePort();
  emu.webhooks.register(REPO, {
    url: `http://127.0.0.1:${port}/api/github/webhooks`,
    secret: SECRET,
    events: ['issues', 'issue_comment'],
  });
  const dir = tempDir('service-token-identity');
  dirs.push(dir);
  // Token mode (the installation token as a plain token) without --own-login.
  const args = ['--port', String(port), '--secret-env', 'HOOK_SECRET', '--token-env', 'SERVICE_TOKEN'];
  serve = await startServe([...args, '--api-url', emu.apiUrl, '--data-dir', dir], {
    HOOK_SECRET: SECRET,
    SERVICE_TOKEN: APP_TOKEN,
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

/** What `tokenServiceIdentity` answers for `token` against the emulator, with the requests and points it spent. */
async function learn(token: string, ownLogin?: string) {
  const client = createClient({ token, action: 'security', baseUrl: emu.apiUrl, retries: 0 });
  const before = emu.log.entries.length;
  const warnings: string[] = [];
  const answer = await tokenServiceIdentity(client, token, ownLogin, {
    info: () => undefined,
    warning: (m) => warnings.push(m),
  });
  const routes = emu.log.entries.slice(before).map((e) => `${e.method} ${e.path}`);
  return { answer, routes, points: client.telemetry.snapshot().graphqlPoints ?? 0, warnings };
}

describe('the token-mode service learns its login at start', () => {
  it('an installation token: GraphQL viewer, 1 point, GET /user not asked', async () => {
    const r = await learn(APP_TOKEN);
    expect(r.answer).toEqual({ identity: { login: 'triage-app[bot]' } });
    expect(r.routes).toEqual(['POST /graphql']);
    expect(r.points).toBe(1);
  });

  it("a workflow-like token: github-actions[bot], with GitHub Actions' App id", async () => {
    expect((await learn(WORKFLOW)).answer).toEqual({ identity: { login: 'github-actions[bot]', appId: 15368 } });
  });

  it('a personal token: GET /user, no GraphQL point', async () => {
    const r = await learn(USER_TOKEN);
    expect(r.answer).toEqual({ identity: { login: 'alice' } });
    expect(r.routes).toEqual(['GET /user']);
    expect(r.points).toBe(0);
  });

  it('--own-login is a check: another login refuses to start, naming both; the same login passes', async () => {
    const r = await learn(APP_TOKEN, 'other-app[bot]');
    expect(r.answer).toEqual({ problem: expect.stringMatching(/other-app\[bot\].*writes as triage-app\[bot\]/) });
    expect((await learn(APP_TOKEN, 'Triage-App[bot]')).answer).toEqual({ identity: { login: 'triage-app[bot]' } });
  });

  it('a token GitHub refuses stops the start; an API that does not answer leaves the login unknown, with a warning', async () => {
    expect((await learn('ghs_revoked')).answer).toEqual({
      problem: expect.stringMatching(/refuses the token \(401\)/),
    });
    const client = createClient({ token: APP_TOKEN, action: 'security', baseUrl: 'http://127.0.0.1:9', retries: 0 });
    const warnings: string[] = [];
    const log = { info: () => undefined, warning: (m: string) => warnings.push(m) };
    expect(await tokenServiceIdentity(client, APP_TOKEN, undefined, log)).toEqual({ identity: {} });
    expect(warnings).toEqual([expect.stringMatching(/could not be learnt .*starting without one/)]);
  });

  it('serve without --own-login says whom it writes as', () => {
    expect(serve.output.join('\n')).toContain('Acting with a token, writing as triage-app[bot].');
  });
});

describe("the token-mode service's own comments and reactions", () => {
  it("another App's 👍 on a maintainer's /close before the job runs does not drop the command", async () => {
    const created = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Old', body: 'stale' });
    const number = created.body.number as number;
    await emu.webhooks.settled();
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

  it("a stranger's three edits under a commenting rule get exactly one comment", async () => {
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
      await eventually(() => outcomes(number) >= i + 1, 60_000, `edit ${i} of #${number} processed (${tail()})`);
    }
    expect(comments(number).map((c) => c.user)).toEqual(['triage-app[bot]']);
  }, 180_000);
});
