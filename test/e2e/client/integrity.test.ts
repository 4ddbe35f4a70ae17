// Complete bodies only: an answer cut mid-body, reset before any byte, or carrying JSON that does not parse is
// retried like a connection reset and never becomes data; a reset after the whole body is a complete answer.
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { declared } from '../../../src/github/client';
import { reads } from '../../../src/actions/label-sync/reads';
import { emulatorClient, scenario, TOKEN } from './emulator-client';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const labels = { owner: 'octo', repo: 'app' };

describe('complete bodies only', () => {
  it('a list page cut mid-body (twice) is read again and the list is complete', async () => {
    emu = await createEmulator(scenario(250), { timeScale: 0.001 });
    emu.faults.reset({ method: 'GET', path: /\/labels$/, when: 'mid-response', times: 2 });
    const c = emulatorClient(emu);
    const all = await c.paginate<{ name: string }>('GET /repos/{owner}/{repo}/labels', labels);
    expect(all).toHaveLength(250);
    expect(new Set(all.map((l) => l.name)).size).toBe(250);
    expect(emu.log.entries.filter((e) => e.injected === 'reset-mid-response')).toHaveLength(2);
    expect(c.telemetry.snapshot().retries).toBe(2);
  });

  it('a later page cut mid-body is retried, not taken as a short last page', async () => {
    emu = await createEmulator(scenario(250), { timeScale: 0.001 });
    const c = emulatorClient(emu);
    const first = await c.octokit.request('GET /repos/{owner}/{repo}/labels', { ...labels, per_page: 100 });
    expect(first.data).toHaveLength(100);
    emu.faults.reset({ method: 'GET', path: /\/labels$/, when: 'mid-response', times: 1 });
    const all = await c.paginate('GET /repos/{owner}/{repo}/labels', { ...labels, per_page: 100 });
    expect(all).toHaveLength(250);
  });

  it('a write whose answer was cut is repeated by its rule and converges (422 already_exists the second time)', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    emu.faults.reset({ method: 'POST', path: /\/labels$/, when: 'mid-response' });
    const c = emulatorClient(emu);
    const err = await c.octokit
      // The rule travels with the request (label-sync's and triage's declared rule for this route).
      .request('POST /repos/{owner}/{repo}/labels', {
        ...labels,
        name: 'new',
        color: 'ffffff',
        request: { afterLostAnswer: 'repeat' },
      })
      .then(
        () => undefined,
        (e) => e,
      );
    // The first try created it; the repeat says so. The label exists exactly once.
    expect(err?.status).toBe(422);
    expect(emu.state.repo('octo/app')!.labels.filter((l) => l.name === 'new')).toHaveLength(1);
  });

  it('a 2xx with JSON that does not parse is retried and never becomes data', async () => {
    emu = await createEmulator(scenario(3), { timeScale: 0.001 });
    emu.faults.respond({ method: 'GET', path: /\/labels$/, status: 200, rawJson: '[{"name": "lab', times: 2 });
    const c = emulatorClient(emu);
    const all = await c.paginate('GET /repos/{owner}/{repo}/labels', labels);
    expect(all).toHaveLength(3);
    expect(c.telemetry.snapshot().retries).toBe(2);
  });

  it('JSON that never parses fails loudly, naming the host and the cause', async () => {
    emu = await createEmulator(scenario(3), { timeScale: 0.001 });
    emu.faults.respond({ method: 'GET', path: /\/labels$/, status: 200, rawJson: '{', times: Infinity });
    const c = emulatorClient(emu, { retries: 2 });
    const err = await c.paginate('GET /repos/{owner}/{repo}/labels', labels).catch((e) => e);
    expect(err.name).toBe('NetworkError');
    expect(err.message).toContain(new URL(emu.apiUrl).host);
    expect(err.message).toMatch(/not valid JSON/);
    expect(emu.log.entries).toHaveLength(3);
  });

  it('a wrong shape on a 2xx is a clear error naming the route, not data', async () => {
    emu = await createEmulator(scenario(3), { timeScale: 0.001 });
    emu.faults.respond({ method: 'GET', path: /\/labels$/, status: 200, body: { message: 'a proxy page' } });
    const c = emulatorClient(emu);
    // The shape label-sync declares for the list, passed as label-sync passes it.
    const request = declared(reads.labels);
    const err = await c.paginate('GET /repos/{owner}/{repo}/labels', { ...labels, request }).catch((e) => e);
    expect(err.name).toBe('ShapeError');
    expect(err.message).toContain('GET /repos/{owner}/{repo}/labels');
  });

  it('a reset before any byte is retried; a reset after the whole body is a complete answer', async () => {
    emu = await createEmulator(scenario(3), { timeScale: 0.001 });
    emu.faults.reset({ method: 'GET', path: /\/labels$/, when: 'before-body' });
    const c = emulatorClient(emu);
    expect(await c.paginate('GET /repos/{owner}/{repo}/labels', labels)).toHaveLength(3);
    expect(c.telemetry.snapshot().retries).toBe(1);
    emu.faults.reset({ method: 'GET', path: /\/labels\/label-1$/, when: 'after-response' });
    const { data } = await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { ...labels, name: 'label-1' });
    expect(data.name).toBe('label-1');
    expect(c.telemetry.snapshot().retries).toBe(1);
  });

  it('a streamed upload whose answer is cut is a lost answer (not retried, not data)', async () => {
    const seeded = scenario(0);
    seeded.tokens![TOKEN].permissions = { contents: 'write' };
    seeded.repositories[0].releases = [{ tag: 'v1', draft: true }];
    emu = await createEmulator(seeded, { timeScale: 0.001 });
    const c = emulatorClient(emu);
    const [release] = await c.paginate<{ upload_url: string }>('GET /repos/{owner}/{repo}/releases', labels);
    emu.faults.reset({ method: 'POST', host: 'uploads', when: 'mid-response' });
    const bytes = Buffer.from('x'.repeat(4096));
    const err = await c.octokit
      .request({
        method: 'POST',
        url: release.upload_url.replace(/\{[^}]*\}$/, '') + '?name=a.bin',
        headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length },
        data: Readable.from([bytes]),
        request: { retries: 0 },
      })
      .catch((e) => e);
    expect(err.name).toBe('NetworkError');
    expect(err.message).toMatch(/broke off|declared \d+ bytes/);
    // The upload itself went through: the action's rule (list, keep a complete same-digest asset) applies.
    expect(emu.log.entries.filter((e) => e.host === 'uploads')).toHaveLength(1);
  });
});
