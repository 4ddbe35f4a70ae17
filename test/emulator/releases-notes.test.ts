// POST /releases/generate-notes as GitHub answers it: a tag that does not exist yet needs `target_commitish`
// (OpenAPI: "Required if the supplied tag_name does not reference an existing tag"), an existing tag does not; and
// uploads to a published immutable release meet GitHub's own refusal text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

let emu: Emulator;
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) =>
  call(emu.apiUrl, method, path, { token: 'wf', ...o });

beforeAll(async () => {
  emu = await createEmulator({
    tokens: { wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } } },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        immutableReleases: true,
        branches: { main: { 'README.md': '# app\n' } },
        releases: [{ tag: 'v1.0.0', createdAt: '2020-01-01T00:00:00Z' }],
      },
    ],
  });
});
afterAll(() => emu.close());

describe('generate-notes', () => {
  it('a new tag without target_commitish: 422 missing_field; with a branch or an existing tag: the notes', async () => {
    const missing = await api('POST', '/repos/octo/app/releases/generate-notes', { body: { tag_name: 'v2.0.0' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ resource: 'Release', code: 'missing_field', field: 'target_commitish' }]);
    const bad = await api('POST', '/repos/octo/app/releases/generate-notes', {
      body: { tag_name: 'v2.0.0', target_commitish: 'no-such-branch' },
    });
    expect(bad.status).toBe(422);
    const ok = await api('POST', '/repos/octo/app/releases/generate-notes', {
      body: { tag_name: 'v2.0.0', target_commitish: 'main' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.body).toContain('compare/v1.0.0...v2.0.0');
    const existing = await api('POST', '/repos/octo/app/releases/generate-notes', { body: { tag_name: 'v1.0.0' } });
    expect(existing.status).toBe(200);
  });
});

describe('immutable releases', () => {
  it('an upload to a published immutable release: 422 "Cannot upload assets to an immutable release."', async () => {
    const created = await api('POST', '/repos/octo/app/releases', { body: { tag_name: 'v3.0.0' } });
    expect(created.status).toBe(201);
    expect(created.body.immutable).toBe(true);
    const upload = created.body.upload_url.replace(/\{.*$/, '');
    const res = await fetch(`${upload}?name=late.zip`, {
      method: 'POST',
      headers: { authorization: 'token wf', 'content-type': 'application/zip', 'content-length': '4' },
      body: 'late',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe('Cannot upload assets to an immutable release.');
  });
});
