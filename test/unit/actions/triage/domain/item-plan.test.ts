import { describe, expect, it } from 'vitest';
import { planItem } from '../../../../../src/actions/triage/domain/item-plan';
import { WORKFLOW_TOKEN_IDENTITY } from '../../../../../src/actions/triage/domain/markers';
import { fakeReader, silentLog } from '../fakes';
import { config, makeItem } from '../items';

describe('planItem: assignees', () => {
  it('drops logins that cannot be assigned, asking the reader', async () => {
    const cfg = config(
      'rules: [{ id: a, if: { title: x }, then: { assign: [mona, ghost] } }, { id: b, if: { title: x }, then: { assign: [nobody] } }]',
    );
    const reader = fakeReader({ items: [] });
    const asked: string[] = [];
    reader.assignable = async (login) => (asked.push(login), login === 'mona');
    const warnings: string[] = [];
    const ops = await planItem(
      { item: makeItem({ title: 'x' }), rules: cfg.rules },
      { reader, log: { ...silentLog, warning: (m) => warnings.push(m) }, identity: WORKFLOW_TOKEN_IDENTITY },
    );
    expect(ops.map((op) => op.payload)).toEqual([{ type: 'assign', assignees: ['mona'] }]);
    expect(asked).toEqual(['mona', 'ghost', 'nobody']);
    expect(warnings).toHaveLength(2);
  });
});
