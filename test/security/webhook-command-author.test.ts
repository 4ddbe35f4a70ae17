// The service never takes a slash command's author or text from a delivery, not even a correctly signed one: a
// signature proves GitHub sent the body, not that it is still true, and a stored payload is older still. Each
// delivery here is signed with the secret (a fixture for the lie), and the comment as the API has it decides:
// written by a reader though the payload names an admin → refused; edited since to hold no command → nothing;
// deleted → nothing. The real triage engine runs against the emulator.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { eventually, startPostgres, type Postgres } from '../../harness/service';
import type { DispatchOutcome } from '../../src/hosts/service/dispatch';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { createService, type Service } from '../../src/hosts/service/server';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { installationTokenProvider } from '../../src/hosts/service/token-provider';
import { APP_TOKEN, INSTALLATION_ID, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';

const LYING = readFileSync(join(__dirname, 'fixtures', 'webhook-lying-comment.json'), 'utf8');
let emu: Emulator;
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;
const outcomes: DispatchOutcome[] = [];
const logs: string[] = [];

beforeAll(async () => {
  emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  service = createService({
    secret: SECRET,
    store,
    retryBaseMs: 50,
    log: jsonLogger({ secrets: [APP_TOKEN], verbose: false, write: (_, line) => logs.push(JSON.parse(line).message) }),
    dispatcher: {
      tokenProvider: installationTokenProvider({ [INSTALLATION_ID]: APP_TOKEN }, APP_TOKEN),
      client: { baseUrl: emu.apiUrl, timeScale: 0.01, cacheDir: null },
      onOutcome: (o) => outcomes.push(o),
    },
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  await service?.drain(5_000);
  await store?.close();
  await postgres?.stop();
  await emu?.close();
});

/** An open issue with one comment by `user`, outside the API (no hook is registered: nothing is delivered). */
function issueWithComment(user: string, body: string) {
  const issue = emu.webhooks.openIssue(REPO, { title: 'Please close', user: 'rita' });
  const comment = emu.webhooks.comment(REPO, issue.number, { body, user });
  return { number: issue.number, id: comment.id };
}

/** The fixture's lie about comment `id` on #`number`, signed with the webhook secret; processed to the end. */
async function deliverLie(guid: string, number: number, id: number): Promise<DispatchOutcome> {
  const payload = JSON.parse(LYING) as { issue: { number: number }; comment: { id: number } };
  payload.issue.number = number;
  payload.comment.id = id;
  const body = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issue_comment',
      'x-github-delivery': guid,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  expect(res.status).toBe(202);
  await eventually(() => outcomes.some((o) => o.delivery === guid), 30_000, `delivery ${guid} processed`);
  return outcomes.find((o) => o.delivery === guid)!;
}

const issue = (number: number) => emu.state.repo(REPO)!.issues.get(number)!;
const reactionsOf = (id: number) =>
  emu.state
    .repo(REPO)!
    .comments.get(id)!
    .reactions.map((r) => r.content);

describe('the service with signed deliveries whose comment payload lies', () => {
  it('names the admin as the author of a reader’s `/close`: the reader is checked and refused', async () => {
    const { number, id } = issueWithComment('rita', '/close');
    const outcome = await deliverLie('lie-author', number, id);
    expect(outcome.status).toBe('done');
    expect(issue(number).state).toBe('open');
    expect(reactionsOf(id)).toEqual(['confused']);
    expect(logs.some((l) => l.includes('the event names @alice as its author, the API @rita'))).toBe(true);
    expect(logs.some((l) => l.includes('@rita has read permission, the config requires write'))).toBe(true);
  });

  it('the admin’s comment edited after delivery to remove the command: nothing done, logged', async () => {
    const { number, id } = issueWithComment('alice', '/close');
    emu.state.repo(REPO)!.comments.get(id)!.body = 'Never mind.';
    const outcome = await deliverLie('lie-edited', number, id);
    expect(outcome.status).toBe('done');
    expect(outcome.operations).toBe(0);
    expect(issue(number).state).toBe('open');
    expect(reactionsOf(id)).toEqual([]);
    expect(logs.some((l) => l.includes(`Comment ${id} was edited and holds no slash command now`))).toBe(true);
  });

  it('the admin’s comment deleted after delivery: nothing done, logged', async () => {
    const { number, id } = issueWithComment('alice', '/close');
    emu.state.repo(REPO)!.comments.delete(id);
    const outcome = await deliverLie('lie-deleted', number, id);
    expect(outcome.status).toBe('done');
    expect(outcome.operations).toBe(0);
    expect(issue(number).state).toBe('open');
    expect(logs.some((l) => l.includes(`Comment ${id} was deleted: nothing to do`))).toBe(true);
  });

  it('a true delivery of the admin’s `/close` closes the issue', async () => {
    const { number, id } = issueWithComment('alice', '/close');
    const outcome = await deliverLie('truth', number, id);
    expect(outcome.status).toBe('done');
    expect(issue(number).state).toBe('closed');
    expect(reactionsOf(id)).toEqual(['+1']);
  });
});
