// actions/labeler's step inputs triage cannot honour fail the run naming the input, rather than being ignored.
import { describe, expect, it } from 'vitest';
import { readTriageInputs, unsupportedLabelerInputs } from '../../../../src/actions/triage/inputs';

const inputs = (given: Record<string, string>) => readTriageInputs((name) => given[name]);

describe('actions/labeler step inputs', () => {
  it('dot true (its default) and no pr-number are accepted', () => {
    expect(unsupportedLabelerInputs(inputs({}))).toEqual([]);
    expect(unsupportedLabelerInputs(inputs({ dot: 'true', 'sync-labels': 'true' }))).toEqual([]);
  });

  it('dot false and pr-number are refused, each naming its input', () => {
    expect(unsupportedLabelerInputs(inputs({ dot: 'false', 'pr-number': '12\n13' })).map((p) => p.input)).toEqual([
      'dot',
      'pr-number',
    ]);
  });
});
