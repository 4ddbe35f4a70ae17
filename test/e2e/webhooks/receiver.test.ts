// The service (PostgreSQL) with the real triage engine against the emulator, which delivers signed
// webhooks: ping → 200; an issue opened through the API → labelled through the API with the installation token;
// duplicates and reordering switched on → the same final state, each delivery processed once.
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import type { DispatchOutcome } from '../../../src/hosts/service/dispatch';
import { jsonLogger } from '../../../src/hosts/service/json-log';
import { createService, type Service } from '../../../src/hosts/service/server';
import { verifySignature } from '../../../src/hosts/service/signature';
import { openStore, type Store } from '../../../src/hosts/service/store/open-store';
import { startPostgres, type Postgres } from '../../../harness/service';
import { installationTokenProvider } from '../../../src/hosts/service/token-provider';
import { api, APP_TOKEN, INSTALLATION_ID, REPO, SECRET, webhookScenario } from './scenario';

let emu: Emulator;
let receiver: Service;
let store: Store;
let postgres: Postgres;
let url: string;
const outcomes: DispatchOutcome[] = [];
const logs: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'receiver-e2e-'));

beforeAll(async () => {
  emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  receiver = createService({
    secret: SECRET,
    store,
    retryBaseMs: 50,
    log: jsonLogger({
      secrets: [APP_TOKEN],
      verbose: false,
      write: (level, line) => logs.push(`${level} ${JSON.parse(line).message}`),
    }),
    dispatcher: {
      tokenProvider: installationTokenProvider({ [INSTALLATION_ID]: APP_TOKEN }, APP_TOKEN),
      client: { baseUrl: emu.apiUrl, timeScale: 0.01, cacheDir: null },
      onOutcome: (o) => outcomes.push(o),
    },
  });
  url = `${await receiver.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  await receiver.drain(5_000);
  await store.close();
  await postgres.stop();
  await emu.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Until no delivery is in flight and the store holds nothing due (deliveries caused meanwhile included). */
async function quiesce(emulator: Emulator, service: Service): Promise<void> {
  for (;;) {
    await emulator.webhooks.settled();
    const depth = await openDeliveries();
    if (emulator.webhooks.pending === 0 && depth === 0 && service.queue.running === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
afterEach(async () => {
  await quiesce(emu, receiver);
  emu.webhooks.hooks.splice(0);
  Object.assign(emu.webhooks.switches, { copies: 1, reorder: undefined });
});

const labelsOf = (number: number, repo = REPO) =>
  emu.state
    .repo(repo)!
    .issues.get(number)!
    .labels.map((l) => l.name)
    .sort();

describe('ping', () => {
  it('a hook created through the API is pinged, and POST …/pings pings again; the receiver answers 200', async () => {
    const created = await api(emu, 'POST', `/repos/${REPO}/hooks`, {
      name: 'web',
      config: { url, content_type: 'json', secret: SECRET },
      events: ['issues', 'issue_comment'],
    });
    expect(created.status).toBe(201);
    expect(created.body.config.secret).toBe('********');
    const hookId = created.body.id as number;
    expect((await api(emu, 'POST', `/repos/${REPO}/hooks/${hookId}/pings`)).status).toBe(204);
    await quiesce(emu, receiver);

    const pings = emu.webhooks.deliveries.filter((d) => d.event === 'ping' && d.hookId === hookId);
    expect(pings).toHaveLength(2);
    for (const p of pings) {
      expect(p.status).toBe(200);
      expect(JSON.parse(p.responseBody!)).toMatchObject({ hook_id: hookId });
      const body = JSON.parse(p.body);
      expect(body).toMatchObject({
        hook_id: hookId,
        hook: { type: 'Repository', events: ['issues', 'issue_comment'], config: { url, content_type: 'json' } },
      });
      expect(typeof body.zen).toBe('string');
      expect(p.headers).toMatchObject({
        'x-github-event': 'ping',
        'x-github-hook-id': String(hookId),
        'content-type': 'application/json',
      });
      expect(p.headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
      expect(p.headers['x-github-delivery']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(verifySignature(SECRET, Buffer.from(p.body), p.headers['x-hub-signature-256'])).toBe(true);
    }
    expect(logs.some((l) => l.startsWith('info ping:'))).toBe(true);

    // The deliveries API shows both, with the receiver's status.
    const listed = await api(emu, 'GET', `/repos/${REPO}/hooks/${hookId}/deliveries`);
    expect(listed.body.map((d: { status_code: number; event: string }) => [d.event, d.status_code])).toEqual([
      ['ping', 200],
      ['ping', 200],
    ]);
    expect((await api(emu, 'GET', `/repos/${REPO}/hooks/${hookId}`)).body.last_response).toMatchObject({ code: 200 });
    expect((await api(emu, 'DELETE', `/repos/${REPO}/hooks/${hookId}`)).status).toBe(204);
  });

  it('a hook with a wrong secret gets 401 for every delivery and nothing is processed', async () => {
    emu.webhooks.register(REPO, { url, secret: 'not the secret', events: ['*'], ping: true });
    const before = outcomes.length;
    const { body: issue } = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Crash with a wrong secret' });
    await quiesce(emu, receiver);
    const sent = emu.webhooks.deliveries.slice(-2);
    expect(sent.map((d) => [d.event, d.status])).toEqual([
      ['ping', 401],
      ['issues', 401],
    ]);
    expect(outcomes.length).toBe(before);
    expect(labelsOf(issue.number)).toEqual([]);
  });
});

describe('issues and comments', () => {
  it('an issue opened through the API is labelled by the receiver with the installation token; the config read is then a 304', async () => {
    emu.webhooks.register(REPO, {
      url,
      secret: SECRET,
      events: ['issues', 'issue_comment', 'pull_request'],
      installationId: INSTALLATION_ID,
    });
    const mark = emu.log.mark();
    const { body: issue } = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Crash when starting ☃' });
    await quiesce(emu, receiver);
    expect(labelsOf(issue.number)).toEqual(['bug']);
    const delivery = emu.webhooks.deliveries.find(
      (d) => d.event === 'issues' && d.action === 'opened' && JSON.parse(d.body).issue.number === issue.number,
    )!;
    expect(delivery.status).toBe(202);
    expect(delivery.body).toContain('\\u2603'); // escaped on the wire: the signature is over these bytes
    expect(JSON.parse(delivery.body).installation).toMatchObject({ id: INSTALLATION_ID });
    const writes = emu.log
      .since(mark)
      .filter((e) => e.method === 'POST' && e.path.endsWith(`/issues/${issue.number}/labels`));
    expect(writes).toHaveLength(1);
    expect(writes[0].tokenKind).toBe('installation');

    // Second delivery: the config is answered 304 and not parsed again.
    const again = emu.log.mark();
    const { body: second } = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Another crash' });
    await quiesce(emu, receiver);
    expect(labelsOf(second.number)).toEqual(['bug']);
    const configReads = emu.log
      .since(again)
      .filter((e) => decodeURIComponent(e.path).endsWith('/contents/.github/triage.yml'));
    expect(configReads.map((e) => e.status)).toEqual([304]);
    const outcome = outcomes.find((o) => o.number === second.number && o.event === 'issues' && o.action === 'opened')!;
    expect(outcome.status).toBe('done');
    // Its own label write comes back as issues.labeled: answered 204 (not handled).
    expect(emu.webhooks.deliveries.filter((d) => d.action === 'labeled').every((d) => d.status === 204)).toBe(true);
  });

  it('issues opened and edited, a question and a slash command converge with duplicates and reordering on', async () => {
    emu.webhooks.register(REPO, {
      url,
      secret: SECRET,
      events: ['issues', 'issue_comment'],
      installationId: INSTALLATION_ID,
    });
    // A long hold, so a loaded machine's slow requests still let a later delivery overtake the held one.
    Object.assign(emu.webhooks.switches, { copies: 3, reorder: { every: 2, delayMs: 1_000 } });
    const firstDelivery = emu.webhooks.deliveries.length;
    const firstOutcome = outcomes.length;

    const { body: a } = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Crash in the parser' });
    const { body: b } = await api(emu, 'POST', `/repos/${REPO}/issues`, {
      title: 'Configuration',
      body: 'How do I set the timeout?',
    });
    const { body: c } = await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Something odd' });
    expect((await api(emu, 'PATCH', `/repos/${REPO}/issues/${c.number}`, { title: 'Crash when saving' })).status).toBe(
      200,
    );
    await api(emu, 'POST', `/repos/${REPO}/issues/${a.number}/comments`, { body: 'Confirmed.\n/label triaged' });
    // rita has read access only: her command is refused (😕 and one reply).
    const refused = emu.webhooks.comment(REPO, b.number, { body: '/close', user: 'rita' });
    const d = emu.webhooks.openIssue(REPO, { title: 'Crash opened outside the API', user: 'bob' });
    await quiesce(emu, receiver);

    expect(labelsOf(a.number)).toEqual(['bug', 'triaged']);
    expect(labelsOf(b.number)).toEqual(['question']);
    expect(labelsOf(c.number)).toEqual(['bug']);
    expect(labelsOf(d.number)).toEqual(['bug']);
    expect(emu.state.repo(REPO)!.issues.get(b.number)!.state).toBe('open');
    // A refused command gets 😕 and one reply saying why.
    expect(refused.reactions.map((r) => r.content)).toEqual(['confused']);
    const command = [...emu.state.repo(REPO)!.comments.values()].find(
      (x) => x.issueNumber === a.number && x.body.includes('/label triaged'),
    )!;
    expect(command.reactions.map((r) => r.content)).toEqual(['+1']);
    const answers = [...emu.state.repo(REPO)!.comments.values()].filter(
      (x) => x.issueNumber === b.number && x.body.includes('Thanks for asking'),
    );
    expect(answers).toHaveLength(1);

    const sent = emu.webhooks.deliveries.slice(firstDelivery);
    const guids = new Set(sent.map((d) => d.guid));
    // Every delivery went out three times with the same X-GitHub-Delivery, each copy answered 2xx.
    for (const guid of guids) expect(sent.filter((d) => d.guid === guid).map((d) => d.copy)).toEqual([1, 2, 3]);
    expect(sent.every((d) => d.status === 202 || d.status === 204)).toBe(true);
    // Reordering happened: a held-back delivery was sent after one created later.
    const held = sent.find((d) => d.delayedMs > 0)!;
    expect(sent.some((d) => d.id > held.id && d.sentAt! < held.sentAt!)).toBe(true);
    // Each accepted delivery was processed once.
    const accepted = new Set(sent.filter((d) => d.status === 202).map((d) => d.guid));
    const processed = outcomes.slice(firstOutcome).map((o) => o.delivery);
    expect(processed.sort()).toEqual([...accepted].sort());
    expect(outcomes.slice(firstOutcome).filter((o) => o.status === 'failed')).toEqual([]);
  });

  it('a pull request opened through the API is labelled by its rule', async () => {
    emu.webhooks.register(REPO, { url, secret: SECRET, events: ['pull_request'], installationId: INSTALLATION_ID });
    emu.state.commitFiles(REPO, 'docs-branch', { 'docs/a.md': 'hello' });
    const { status, body: pr } = await api(emu, 'POST', `/repos/${REPO}/pulls`, {
      title: 'docs: explain hooks',
      head: 'docs-branch',
      base: 'main',
    });
    expect(status).toBe(201);
    await quiesce(emu, receiver);
    expect(labelsOf(pr.number)).toEqual(['documentation']);
  });

  it('a broken config is logged with file and line, and nothing is written', async () => {
    emu.webhooks.register('octo/broken', { url, secret: SECRET, events: ['issues'], installationId: INSTALLATION_ID });
    const mark = emu.log.mark();
    const { body: issue } = await api(emu, 'POST', '/repos/octo/broken/issues', { title: 'crash' });
    await quiesce(emu, receiver);
    const outcome = outcomes.find((o) => o.repository === 'octo/broken' && o.number === issue.number)!;
    expect(outcome.status).toBe('invalid-config');
    expect(
      logs.some((l) => l.startsWith('warning') && /octo\/broken/.test(l) && /\.github\/triage\.yml:4:\d+/.test(l)),
    ).toBe(true);
    expect(emu.log.since(mark).filter((e) => e.tokenKind === 'installation' && e.method !== 'GET')).toEqual([]);
    expect(labelsOf(issue.number, 'octo/broken')).toEqual([]);

    // Fixed on the default branch, then redelivered (same X-GitHub-Delivery): processed this time, not a duplicate.
    emu.state.commitFiles('octo/broken', 'main', {
      '.github/triage.yml': 'rules:\n  - id: crash\n    if: { title: crash }\n    then: { add-labels: [bug] }\n',
    });
    const failed = emu.webhooks.deliveries.find((d) => d.repo === 'octo/broken' && d.action === 'opened')!;
    const hookId = failed.hookId;
    expect((await api(emu, 'POST', `/repos/octo/broken/hooks/${hookId}/deliveries/${failed.id}/attempts`)).status).toBe(
      202,
    );
    await quiesce(emu, receiver);
    const redelivered = emu.webhooks.deliveries.filter((d) => d.guid === failed.guid);
    expect(redelivered.map((d) => [d.redelivery, d.status])).toEqual([
      [false, 202],
      [true, 202],
    ]);
    expect(labelsOf(issue.number, 'octo/broken')).toEqual(['bug']);
  });
});

/** Deliveries queued or running. */
async function openDeliveries(): Promise<number> {
  const s = await store.log.stats();
  return s.queued + s.running;
}
