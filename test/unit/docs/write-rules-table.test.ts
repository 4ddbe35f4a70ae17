// The write-rules table of src/github/client/README.md is generated from the writes each action, the service and the client
// declare (src/actions/<action>/writes.ts through the registry, src/hosts/service/writes.ts, the client's GraphQL mutations in
// src/github/graphql/run.ts): a rule added, changed or removed without `npm run docs:write-rules` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES } from '../../../src/actions';
import { README, declaredWrites, withTable, writeRulesTable } from '../../../scripts/write-rules-table';

describe('src/github/client/README.md: writes after a lost answer', () => {
  it('has one row per declared write, of every action of the registry, the service and the client', async () => {
    const writes = await declaredWrites();
    const rows = writeRulesTable(writes).split('\n').slice(2);
    expect(rows).toHaveLength(writes.length);
    expect(rows[0]).toContain(`\`${writes[0]!.rule.route}\``);
    expect(new Set(writes.map((w) => w.owner))).toEqual(new Set([...ACTION_NAMES, 'service', 'client']));
    const comment = rows.find((r) => r.includes('/issues/{issue_number}/comments'));
    expect(comment).toMatch(/\| triage \| not repeated by the client/);
  });

  it('is the generated table (run `npm run docs:write-rules` after editing a writes.ts)', async () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withTable(readme, writeRulesTable(await declaredWrites())));
  });
});
