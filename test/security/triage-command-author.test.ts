// Authorization never rests on an event payload: the triage action judges a slash command by the comment as the
// API has it now. The attacker's event (a fixture) names an admin as the author of `/close`; the comment was
// really written by a non-member, or edited after the event so it no longer holds the command, or deleted.
// In each case the issue stays open, and the log says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, scenarioOf } from '../../emulator/scenarios/triage';
import { triageHarness } from '../e2e/triage/harness';

const h = triageHarness();
const CONFIG = 'commands:\n  permission: write\n  allow: [close]\n';
const LYING = readFileSync(join(__dirname, 'fixtures', 'triage-lying-comment-event.json'), 'utf8');

/** The attacker's event, naming comment `id`. */
const lyingEvent = (id: number) => {
  const payload = JSON.parse(LYING) as { comment: { id: number } };
  payload.comment.id = id;
  return { name: 'issue_comment', payload };
};

async function start(author: string, body: string) {
  const emu = await h.start(
    scenarioOf({
      collaborators: { 'the-admin': 'admin' },
      issues: [{ number: 1, title: 'Close me', comments: [{ body, user: author }] }],
    }),
  );
  const repo = emu.state.repo(REPO)!;
  const [id] = [...repo.comments.keys()];
  return { emu, repo, id };
}

const run = (id: number) => h.run({ event: lyingEvent(id), workspace: { '.github/triage.yml': CONFIG } });

describe('triage: a slash command is judged by the comment the API returns, not by the event', () => {
  it('an event naming an admin as the author of a non-member’s `/close`: refused as the non-member', async () => {
    const { repo, id } = await start('mallory', '/close');
    const r = await run(id);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('open');
    expect(r.stdout).toContain('the event names @the-admin as its author, the API @mallory');
    // A public repository gives everyone read access (the emulator answers as GitHub does): not enough to close.
    expect(r.stdout).toContain('@mallory has read permission, the config requires write');
    expect(r.stdout).not.toContain('by @the-admin');
    const paths = r.requests.map((e) => `${e.method} ${e.path}`);
    expect(paths).toContain(`GET /repos/${REPO}/issues/comments/${id}`);
    expect(paths).toContain(`GET /repos/${REPO}/collaborators/mallory/permission`);
    expect(paths.some((p) => p.includes('/collaborators/the-admin/'))).toBe(false);
    expect(repo.comments.get(id)!.reactions.map((x) => x.content)).toEqual(['confused']);
  });

  it('the admin’s comment edited after the event so it holds no command: nothing done, said in the log', async () => {
    const { repo, id } = await start('the-admin', '/close');
    repo.comments.get(id)!.body = 'Never mind, it works.';
    const r = await run(id);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('open');
    expect(r.stdout).toContain(`Comment ${id} was edited and holds no slash command now: nothing to do`);
    expect(r.requests.filter((e) => e.contentCreating)).toEqual([]);
  });

  it('the comment deleted after the event: nothing done, said in the log', async () => {
    const { repo, id } = await start('the-admin', '/close');
    repo.comments.delete(id);
    const r = await run(id);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('open');
    expect(r.stdout).toContain(`Comment ${id} was deleted: nothing to do`);
    expect(r.requests.filter((e) => e.contentCreating)).toEqual([]);
  });

  it('the same event for a comment the admin really wrote closes the issue (the check is not just a refusal)', async () => {
    const { repo, id } = await start('the-admin', '/close');
    const r = await run(id);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(repo.issues.get(1)!.state).toBe('closed');
    expect(repo.comments.get(id)!.reactions.map((x) => x.content)).toEqual(['+1']);
  });
});
