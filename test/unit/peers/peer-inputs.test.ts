// Switching from a peer is a `uses:` change: every input of each peer's action.yml (pinned in fixtures/, with the
// version and commit read) is declared in our action.yml (so the runner does not warn) and is either read with its
// meaning (our input of the same name, or an alias) or not offered, failing the run with its reason, and then named
// in the README's migration section among the differences that remain. Each alias is described as
// "<peer>'s name for `<input>`"; every peer output is one of ours or a listed difference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { commonInputSchema } from '../../../src/kernel/common-inputs';
import { inputFields, type ActionInputSchema } from '../../../src/kernel/inputs';
import type { PeerNames } from '../../../src/kernel/peer-inputs';
import { inputSchema as commitSchema } from '../../../src/actions/commit-files/inputs';
import { commitFilesPeers } from '../../../src/actions/commit-files/domain/peer-names';
import { inputSchema as labelSchema } from '../../../src/actions/label-sync/inputs';
import { labelSyncPeers } from '../../../src/actions/label-sync/domain/peer-names';
import { inputSchema as releaseSchema } from '../../../src/actions/release/inputs';
import { releasePeers } from '../../../src/actions/release/domain/peer-names';

const root = join(__dirname, '..', '..', '..');

interface Fixture {
  peer: string;
  version: string;
  commit: string;
  inputs: Record<string, string | null>;
  outputs: string[];
}

const fixture = (file: string) =>
  JSON.parse(readFileSync(join(__dirname, 'fixtures', `${file}.json`), 'utf8')) as Fixture;

const ACTIONS: { action: string; schema: ActionInputSchema; peers: PeerNames; fixtures: Fixture[] }[] = [
  {
    action: 'release',
    schema: releaseSchema,
    peers: releasePeers('octo/app'),
    fixtures: [fixture('softprops--action-gh-release'), fixture('ncipollo--release-action')],
  },
  {
    action: 'commit-files',
    schema: commitSchema,
    peers: commitFilesPeers(),
    fixtures: [fixture('peter-evans--create-pull-request'), fixture('stefanzweifel--git-auto-commit-action')],
  },
  {
    action: 'label-sync',
    schema: labelSchema,
    peers: labelSyncPeers(),
    fixtures: [fixture('crazy-max--ghaction-github-labeler'), fixture('EndBug--label-sync')],
  },
];

interface ActionYml {
  inputs: Record<string, { description: string; default?: unknown }>;
  outputs: Record<string, unknown>;
}

/** The README's `### <peer>` section under `## Migrating`. */
function migrationSection(action: string, peer: string): string {
  const readme = readFileSync(join(root, 'actions', action, 'README.md'), 'utf8');
  const migrating = readme.split(/^## Migrating\s*$/m)[1] ?? '';
  const start = migrating.indexOf(`### ${peer}\n`);
  if (start < 0) return '';
  const rest = migrating.slice(start + peer.length + 5);
  return rest.split(/^#{2,3} /m)[0]!;
}

/** The names in backticks before the first ": " of each `- ` item (continued on indented lines) of the section. */
function listedDifferences(section: string): Set<string> {
  const items: string[] = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('- ')) items.push(line.slice(2));
    else if (line.startsWith('  ') && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  const names = new Set<string>();
  for (const item of items) {
    const head = item.split(': ')[0]!;
    for (const name of head.matchAll(/`([^`]+)`/g)) names.add(name[1]!);
  }
  return names;
}

describe.each(ACTIONS)('actions/$action', ({ action, schema, peers, fixtures }) => {
  const yml = parse(readFileSync(join(root, 'actions', action, 'action.yml'), 'utf8')) as ActionYml;
  const own = new Set([...Object.keys(inputFields(schema)), ...Object.keys(inputFields(commonInputSchema))]);
  const aliases = new Map(peers.aliases.map((a) => [a.name, a]));
  const gaps = new Map(peers.gaps.map((g) => [g.name, g]));

  it('every alias stands for an input of the action, and is described as the peer name for it', () => {
    for (const alias of peers.aliases) {
      expect(own, `${alias.name} → ${alias.input}`).toContain(alias.input);
      expect(yml.inputs[alias.name]?.description, alias.name).toMatch(
        new RegExp(`^${alias.peer}'s name for \`${alias.input}\``),
      );
      expect(yml.inputs[alias.name]?.default, `${alias.name} has no default (given means given)`).toBeUndefined();
    }
    for (const gap of peers.gaps) {
      expect(yml.inputs[gap.name]?.description, gap.name).toContain(gap.reason);
      expect(yml.inputs[gap.name]?.default, gap.name).toBeUndefined();
    }
  });

  describe.each(fixtures)('$peer $version', ({ peer, inputs, outputs }) => {
    const section = migrationSection(action, peer);
    const differences = listedDifferences(section);

    it('the migration section says to change `uses:` and lists the differences that remain', () => {
      expect(section).toMatch(/Change `uses:`/);
      expect(differences.size).toBeGreaterThan(0);
    });

    it.each(Object.keys(inputs))(
      'input %s is declared and read with its meaning, or not offered and listed',
      (name) => {
        expect(Object.keys(yml.inputs), `${name} is declared in action.yml`).toContain(name);
        const alias = aliases.get(name);
        const gap = gaps.get(name);
        if (alias) expect(alias.peer === peer || own.has(name), `${name} is ${peer}'s`).toBe(true);
        else if (gap) expect(differences, `${name} is named among the differences`).toContain(name);
        else expect(own, `${name} is one of ours under the same name`).toContain(name);
      },
    );

    it('every peer output is one of ours, or named among the differences', () => {
      for (const output of outputs)
        expect(Object.keys(yml.outputs).includes(output) || differences.has(output), output).toBe(true);
    });
  });
});
