// Where a label a missing-label warning names was asked for: the config line of the rule's `add-labels` item, of the
// stale section's `close-label` / `labels-to-add-when-unstale` (actions/stale's names too), of a labeler file's label.
import { describe, expect, it } from 'vitest';
import {
  labelerLabelOrigins,
  labelOrigin,
  triageLabelOrigins,
} from '../../../../../src/actions/triage/domain/label-origins';
import { resolveMissingLabels } from '../../../../../src/actions/triage/domain/missing-labels';
import { operation } from '../../../../../src/actions/triage/operations';
import { config, makeItem } from '../items';

const TRIAGE = `rules:
  - id: crash
    if: { title: '/crash/i' }
    then:
      add-labels:
        - bug
        - Needs-Repro
  - id: docs
    then: { add-labels: docs }
stale:
  close-issue-label: closed-stale
  labels-to-add-when-unstale: 'triage, waiting'
  pull-requests:
    close-label: pr-closed
`;

describe('label origins', () => {
  it('names the line of each label a rule or the stale section adds', () => {
    const origins = triageLabelOrigins(TRIAGE, '.github/triage.yml');
    expect(labelOrigin(origins, 'rule crash', 'needs-repro')).toBe('.github/triage.yml:7');
    expect(labelOrigin(origins, 'rule crash', 'bug')).toBe('.github/triage.yml:6');
    expect(labelOrigin(origins, 'rule docs', 'docs')).toBe('.github/triage.yml:9');
    expect(labelOrigin(origins, 'stale: close-label', 'closed-stale')).toBe('.github/triage.yml:11');
    expect(labelOrigin(origins, 'stale: close-label', 'pr-closed')).toBe('.github/triage.yml:14');
    expect(labelOrigin(origins, 'stale: labels-to-add-when-unstale', 'waiting')).toBe('.github/triage.yml:12');
    expect(labelOrigin(origins, 'rule docs', 'bug')).toBeUndefined();
    expect(labelOrigin(origins, undefined, 'bug')).toBeUndefined();
  });

  it('the parsed config carries them, and the missing-label warning names file:line', () => {
    const parsed = config(TRIAGE);
    const item = makeItem({ number: 3 });
    const out = resolveMissingLabels(
      [operation(item, { type: 'add-label', label: 'needs-repro' }, 'rule crash')],
      ['bug'],
      { create: false, color: 'c5def5', origins: parsed.labelOrigins },
    );
    expect(out.warnings).toEqual([
      'Label "needs-repro" does not exist in the repository: not added to #3 (asked by rule crash at test.yml:7); create it, or set create-missing-labels: true.',
    ]);
    // A config that adds no label has no origins (and parses as before).
    expect(config('stale: { days-before-stale: 3 }').labelOrigins).toBeUndefined();
  });

  it("an actions/labeler file: each label's key line, for the rule made of it", () => {
    const text = `documentation:
  - changed-files:
      - any-glob-to-any-file: docs/**
'area: ci':
  - head-branch: ['^ci/']
`;
    const origins = labelerLabelOrigins(text, '.github/labeler.yml');
    expect(labelOrigin(origins, 'rule labeler-1', 'documentation')).toBe('.github/labeler.yml:1');
    expect(labelOrigin(origins, 'rule labeler-2', 'Area: CI')).toBe('.github/labeler.yml:4');
  });
});
