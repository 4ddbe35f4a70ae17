// A draft release without a tag, as GitHub keeps it (softprops/action-gh-release PR #95 and issue #14): tag_name ""
// and a web address /releases/tag/untagged-<hex>; a release to be published still needs a tag.
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

const TOKEN = 'ghs_wf';
let emu: Emulator;
afterEach(() => emu?.close());

async function start() {
  emu = await createEmulator({
    tokens: { [TOKEN]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } } },
    repositories: [{ owner: 'octo', name: 'app', branches: { main: { 'README.md': 'x' } } }],
  });
}

const post = (body: Record<string, unknown>) =>
  call(emu.apiUrl, 'POST', '/repos/octo/app/releases', { token: TOKEN, body });

describe('untagged drafts', () => {
  it('a draft with an empty or absent tag_name is created untagged, listed, and cannot be published so', async () => {
    await start();
    const empty = await post({ tag_name: '', draft: true, name: 'Nightly' });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ tag_name: '', draft: true, name: 'Nightly' });
    expect(empty.body.html_url).toMatch(/^https:\/\/github\.com\/octo\/app\/releases\/tag\/untagged-[0-9a-f]+$/);
    const absent = await post({ draft: true, name: 'Other' });
    expect(absent.status).toBe(201);
    expect(absent.body.tag_name).toBe('');
    expect(absent.body.html_url).not.toBe(empty.body.html_url);

    const list = await call(emu.apiUrl, 'GET', '/repos/octo/app/releases', { token: TOKEN });
    expect(list.body.map((r: { tag_name: string; name: string }) => [r.tag_name, r.name])).toEqual([
      ['', 'Other'],
      ['', 'Nightly'],
    ]);
    const publish = await call(emu.apiUrl, 'PATCH', `/repos/octo/app/releases/${empty.body.id}`, {
      token: TOKEN,
      body: { draft: false },
    });
    expect(publish.status).toBe(422);
    expect(publish.body.errors[0]).toMatchObject({ code: 'missing_field', field: 'tag_name' });
  });

  it('a release to be published without a tag is refused with 422', async () => {
    await start();
    const empty = await post({ tag_name: '', name: 'x' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0]).toMatchObject({ resource: 'Release', field: 'tag_name' });
    const absent = await post({ name: 'x' });
    expect(absent.status).toBe(422);
    expect(absent.body.errors[0]).toMatchObject({ code: 'missing_field', field: 'tag_name' });
  });
});
