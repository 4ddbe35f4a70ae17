// The write-rules table of src/client/README.md is generated from WRITE_RULES (its one source): a rule added, changed
// or removed without `npm run docs:write-rules` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WRITE_RULES } from '../../../src/client/write-rules';
import { README, withTable, writeRulesTable } from '../../../scripts/write-rules-table';

describe('src/client/README.md: writes after a lost answer', () => {
  it('has one row per rule of WRITE_RULES', () => {
    const rows = writeRulesTable().split('\n').slice(2);
    expect(rows).toHaveLength(WRITE_RULES.length);
    expect(rows[0]).toContain(`\`${WRITE_RULES[0]!.route}\``);
  });

  it('is the generated table (run `npm run docs:write-rules` after editing write-rules.ts)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withTable(readme));
  });
});
