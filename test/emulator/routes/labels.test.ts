// The emulator's label details, each as GitHub behaves (the evidence is cited beside the behaviour in labels.ts):
// a colour with `#` is 422 `invalid`, the case of a hex colour is kept, names over 50 characters are 422, and label
// names travel as one encoded path segment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator/index';
import { call } from '../../../emulator/request';
import type { Scenario } from '../../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write', contents: 'read' } },
  },
  repositories: [
    { owner: 'octo', name: 'app', labels: [{ name: 'type/bug', color: 'd73a4a' }], issues: [{ title: 'x' }] },
  ],
};

let emu: Emulator;
const api = (method: string, path: string, body?: unknown) =>
  call(emu.apiUrl, method, path, { token: 'wf', ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  emu = await createEmulator(scenario);
});
afterAll(() => emu.close());

describe('label details', () => {
  it('refuses a colour with a leading # (422 invalid on color), on create and on update', async () => {
    const created = await api('POST', '/repos/octo/app/labels', { name: 'hash', color: '#00ff00' });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([{ resource: 'Label', code: 'invalid', field: 'color' }]);
    expect(emu.state.repo('octo/app')!.label('hash')).toBeUndefined();
    const patched = await api('PATCH', '/repos/octo/app/labels/type%2Fbug', { color: '#00ff00' });
    expect(patched.status).toBe(422);
    expect(emu.state.repo('octo/app')!.label('type/bug')!.color).toBe('d73a4a');
  });

  it('keeps the case of a hex colour as sent', async () => {
    const created = await api('POST', '/repos/octo/app/labels', { name: 'upper', color: 'BADA55' });
    expect(created.status).toBe(201);
    expect(created.body.color).toBe('BADA55');
    expect((await api('GET', '/repos/octo/app/labels/upper')).body.color).toBe('BADA55');
    expect((await api('PATCH', '/repos/octo/app/labels/upper', { color: 'c0FFee' })).body.color).toBe('c0FFee');
  });

  it('refuses a name over 50 characters (422 custom, "name is too long"), counting an emoji as one', async () => {
    const long = await api('POST', '/repos/octo/app/labels', { name: 'x'.repeat(51), color: 'ffffff' });
    expect(long.status).toBe(422);
    expect(long.body.errors[0]).toMatchObject({ resource: 'Label', code: 'custom', field: 'name' });
    expect(long.body.errors[0].message).toMatch(/maximum is 50 characters/);
    const renamed = await api('PATCH', '/repos/octo/app/labels/upper', { new_name: 'y'.repeat(51) });
    expect(renamed.status).toBe(422);
    const onIssue = await api('POST', '/repos/octo/app/issues/1/labels', { labels: ['z'.repeat(51)] });
    expect(onIssue.status).toBe(422);
    expect((await api('POST', '/repos/octo/app/labels', { name: '🐛'.repeat(50), color: 'ffffff' })).status).toBe(201);
  });

  it('reads a name with a slash as one encoded path segment', async () => {
    const r = await api('GET', '/repos/octo/app/labels/type%2Fbug');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('type/bug');
  });
});
