// The README's migration tables: every input of each peer (from its action.yml) is listed, and each row names an
// input this action has, or says why it is not offered.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The peers' inputs, from their action.yml (github-app-commit-action v1). create-pull-request and
 * git-auto-commit-action are read under their own names: test/unit/peers/peer-inputs.test.ts covers them.
 */
const PEERS: Record<string, string[]> = {
  'dsanders11/github-app-commit-action': [
    'message',
    'token',
    'owner',
    'repository',
    'ref',
    'fail-on-no-changes',
    'force',
    'commit-author',
    'working-directory',
  ],
};

const readme = readFileSync('actions/commit-files/README.md', 'utf8');
const ours = Object.keys(
  (parse(readFileSync('actions/commit-files/action.yml', 'utf8')) as { inputs: Record<string, unknown> }).inputs,
);

/** The rows of the table under the bold heading `**peer**`: theirs → ours. */
function rows(peer: string): [string, string][] {
  const at = readme.indexOf(`**${peer}**`);
  expect(at, `a table for ${peer}`).toBeGreaterThan(-1);
  const out: [string, string][] = [];
  for (const line of readme.slice(at).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (out.length || line.startsWith('**')) break;
      continue;
    }
    const [theirs = '', mine = ''] = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    if (theirs === 'theirs' || theirs.startsWith('---')) continue;
    out.push([theirs.replace(/^`|`$/g, ''), mine]);
  }
  return out;
}

describe.each(Object.keys(PEERS))('migration from %s', (peer) => {
  it('lists every input of theirs', () => {
    expect(
      rows(peer)
        .map(([theirs]) => theirs)
        .sort(),
    ).toEqual([...PEERS[peer]!].sort());
  });

  it('maps each to an input of ours, or says why it is not offered', () => {
    for (const [theirs, mine] of rows(peer)) {
      if (mine.startsWith('not offered: ')) {
        expect(mine.length, `${theirs}: a reason`).toBeGreaterThan('not offered: '.length + 10);
        continue;
      }
      const named = [...mine.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
      expect(
        named.some((n) => ours.includes(n)),
        `${theirs} → ${mine}`,
      ).toBe(true);
    }
  });
});
