// author_association on issues and comments: all eight values, and private org members hidden from integration
// tokens (evidence in test/emulator/associations.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const AUTHORS: Record<string, string> = {
  octo: 'OWNER',
  pub: 'MEMBER',
  collab: 'COLLABORATOR',
  merged: 'CONTRIBUTOR',
  newbie: 'FIRST_TIMER',
  elsewhere: 'FIRST_TIME_CONTRIBUTOR',
  ghosty: 'MANNEQUIN',
  stranger: 'NONE',
};

async function associations(token: string): Promise<Record<string, string>> {
  const res = await fetch(`${emu!.apiUrl}/repos/octo/app/issues?state=all&per_page=100`, {
    headers: { authorization: `token ${token}` },
  });
  const items = (await res.json()) as { user: { login: string }; author_association: string }[];
  return Object.fromEntries(items.map((i) => [i.user.login, i.author_association]));
}

describe('emulator: author_association', () => {
  it('produces all eight values; a private member is MEMBER only to a member user token', async () => {
    const pull = (user: string, merged = false, n = 0) => ({
      title: `${user} ${n}`,
      user,
      state: merged ? ('closed' as const) : ('open' as const),
      pull: { head: `h-${user}-${n}`, merged, files: [{ filename: 'a' }] },
    });
    emu = await createEmulator({
      tokens: {
        wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'read' } },
        member: { kind: 'user', login: 'pub' },
      },
      repositories: [
        {
          owner: 'octo',
          name: 'app',
          collaborators: { collab: 'write' },
          members: { pub: 'public', hidden: 'private' },
          mannequins: ['ghosty'],
          issues: [
            ...['octo', 'pub', 'collab', 'ghosty', 'stranger', 'hidden'].map((user) => ({ title: user, user })),
            pull('merged', true),
            pull('newbie'),
            pull('elsewhere'),
          ],
        },
        { owner: 'octo', name: 'other', issues: [pull('elsewhere', true, 1)] },
      ],
    });
    const seen = await associations('wf');
    for (const [login, value] of Object.entries(AUTHORS)) expect(seen[login], login).toBe(value);
    expect(seen.hidden).toBe('NONE');
    expect((await associations('member')).hidden).toBe('MEMBER');
  });
});
