// Names that would walk a URL path: `repositories: ../..` once became `DELETE /labels/bug` on another path, and a
// label named `..` became `DELETE …/labels/..`, which URL normalisation sends to the repository itself. Both are
// refused before any request, through the bundle against the emulator.
import { describe, expect, it } from 'vitest';
import { labelSyncHarness } from '../e2e/label-sync/harness';

const h = labelSyncHarness();

const seed = () => [
  {
    owner: 'octo',
    name: 'app',
    labels: [
      { name: 'bug', color: 'd73a4a' },
      { name: 'keep', color: 'ededed' },
    ],
  },
];

describe('names that would walk a URL path make no request', () => {
  it.each(['../..', 'octo/..', '../app', 'octo/./app', '..%2F..', 'octo/app/../../other'])(
    'repositories: %s is refused by the input check before any request',
    async (repositories) => {
      await h.start(seed());
      const r = await h.run([{ name: 'bug', color: 'd73a4a' }], { repositories, prune: true });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/::error.*Input "repositories" must list repositories as owner\/name/);
      expect(r.requests).toEqual([]);
    },
  );

  it.each(['..', '.', ' .. '])(
    'a label named %j in the file is refused at its line before any request',
    async (name) => {
      await h.start(seed());
      const r = await h.run(`labels:\n  - name: bug\n    color: d73a4a\n  - name: "${name}"\n    color: ededed\n`, {
        prune: true,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        /::error [^:]*file=\.github\/labels\.yml,line=4,col=\d+::labels\[1\]\.name: name: "\.{1,2}" is not a usable label name/,
      );
      expect(r.requests).toEqual([]);
      expect(h.names('octo/app')).toEqual(['bug', 'keep']);
    },
  );

  it('an alias or from_name of `..` is refused too', async () => {
    await h.start(seed());
    const r = await h.run(
      '- name: bug\n  color: d73a4a\n  aliases: [".."]\n- name: x\n  color: fff\n  from_name: "."\n',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/2 problems in \.github\/labels\.yml/);
    expect(r.requests).toEqual([]);
  });

  it('label names with `/`, `?`, `#` and `%` stay inside their path segment', async () => {
    await h.start([
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'type/bug', color: 'ffffff' },
          { name: 'why?', color: 'ffffff' },
          { name: '#1', color: 'ffffff' },
          { name: '100%', color: 'ffffff' },
        ],
      },
    ]);
    const r = await h.run([{ name: 'type/bug', color: 'd73a4a' }], { prune: true });
    expect(r.code, r.stdout).toBe(0);
    const paths = r.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${e.path}`);
    expect(paths.sort()).toEqual([
      'DELETE /repos/octo/app/labels/%231',
      'DELETE /repos/octo/app/labels/100%25',
      'DELETE /repos/octo/app/labels/why%3F',
      'PATCH /repos/octo/app/labels/type%2Fbug',
    ]);
    expect(h.names('octo/app')).toEqual(['type/bug']);
  });
});
