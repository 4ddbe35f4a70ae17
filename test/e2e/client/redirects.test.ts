// Redirects: within the API origin followed with the token; to another origin a GET is followed without
// `Authorization` or validators, and a write is refused (nothing reaches the other origin).
import { afterEach, describe, expect, it } from 'vitest';
import { RedirectRefusedError } from '../../../src/github/client';
import { createEmulator, type Emulator } from '../../../emulator';
import { emulatorClient, logLines, scenario, TOKEN } from './emulator-client';
import { secondOrigin, type SecondOrigin } from './second-origin';

let emu: Emulator | undefined;
let other: SecondOrigin | undefined;
afterEach(async () => {
  await emu?.close();
  await other?.close();
  emu = undefined;
  other = undefined;
});

const repo = { owner: 'octo', repo: 'app' };

describe('redirects', () => {
  it('same origin (a renamed repository): followed with the token and the same method and body, with a warning', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    const id = emu.state.repo('octo/app')!.id;
    emu.faults.respond({
      method: 'PATCH',
      path: /^\/repos\/octo\/old\/labels\/label-0$/,
      status: 307,
      headers: { location: `${emu.apiUrl}/repositories/${id}/labels/label-0` },
      body: { message: 'Moved Permanently' },
    });
    const { lines, log } = logLines();
    const c = emulatorClient(emu, { log });
    const { data } = await c.octokit.request('PATCH /repos/{owner}/{repo}/labels/{name}', {
      owner: 'octo',
      repo: 'old',
      name: 'label-0',
      color: '000000',
    });
    expect(data.color).toBe('000000');
    const followed = emu.log.entries.at(-1)!;
    expect(followed).toMatchObject({ method: 'PATCH', status: 200, tokenKind: 'workflow' });
    expect(lines.join('\n')).toMatch(/moved permanently to \/repositories\//);
  });

  it('another origin: a GET is followed without Authorization or conditional validators', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    other = await secondOrigin();
    const c = emulatorClient(emu);
    // Prime the ETag cache so that the first request carries If-None-Match.
    await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { ...repo, name: 'label-0' });
    emu.faults.respond({
      method: 'GET',
      path: /\/labels\/label-0$/,
      status: 302,
      headers: { location: `${other.url}/moved/label-0` },
    });
    const { data } = await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { ...repo, name: 'label-0' });
    expect(data.name).toBe('elsewhere');
    expect(other.received).toHaveLength(1);
    const hop = other.received[0];
    expect(hop.url).toBe('/moved/label-0');
    expect(hop.headers.authorization).toBeUndefined();
    expect(hop.headers['if-none-match']).toBeUndefined();
    expect(JSON.stringify(hop.headers)).not.toContain(TOKEN);
  });

  it('another origin: a write is refused and nothing reaches it', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    other = await secondOrigin();
    emu.faults.respond({
      method: 'POST',
      path: /\/labels$/,
      status: 307,
      headers: { location: `${other.url}/repos/octo/app/labels` },
    });
    const c = emulatorClient(emu);
    const err = await c.octokit
      .request('POST /repos/{owner}/{repo}/labels', { ...repo, name: 'x', color: 'ffffff' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err.message).toContain(other.url);
    expect(other.received).toEqual([]);
  });

  it('a redirect loop stops after a bound, with a clear error', async () => {
    emu = await createEmulator(scenario(1), { timeScale: 0.001 });
    emu.faults.respond({
      method: 'GET',
      path: /\/labels\/label-0$/,
      status: 301,
      headers: { location: `${emu.apiUrl}/repos/octo/app/labels/label-0` },
      times: Infinity,
    });
    const c = emulatorClient(emu);
    const err = await c.octokit
      .request('GET /repos/{owner}/{repo}/labels/{name}', { ...repo, name: 'label-0' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err.message).toMatch(/more than 3 redirects/);
  });
});
