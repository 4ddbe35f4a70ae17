import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/github/client/errors';
import type { OperationResult } from '../../../../../src/kernel/plan';
import { NotAttempted } from '../../../../../src/actions/label-sync/apply';
import { failureErrors } from '../../../../../src/actions/label-sync/domain/failures';
import type { LabelOperation } from '../../../../../src/actions/label-sync/plan';

const op = (target: string, name: string): LabelOperation => ({
  kind: 'create',
  target,
  subject: name,
  cost: { requests: 1, writes: 1 },
  payload: { kind: 'create', name, color: 'ffffff', description: '' },
});
const failed = (o: LabelOperation, error: Error): OperationResult<LabelOperation, string> => ({
  op: o,
  status: 'failed',
  error,
});
const refusal = new ApiError({
  status: 403,
  method: 'POST',
  url: 'https://x/repos/o/r/labels',
  message: 'Resource not accessible by integration',
});

describe('failureErrors', () => {
  it('one error per repository for refused writes and those not attempted after them', () => {
    const errors = failureErrors([
      failed(op('o/r', 'a'), new NotAttempted('o/r', refusal)),
      failed(op('o/r', 'b'), refusal),
      failed(op('o/x', 'c'), refusal),
      { op: op('o/r', 'd'), status: 'done', value: 'created' },
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^o\/r: 2 writes refused \(create a, create b\): POST \/repos\/o\/r\/labels → 403: Resource not accessible by integration\. .*issues: write/,
      ),
      expect.stringMatching(/^o\/x: 1 write refused \(create c\): POST/),
    ]);
  });

  it('groups the same message within a repository, keeps different ones apart, and shortens long lists', () => {
    const same = new Error('primary rate limit exhausted: would have to wait 3600 s');
    const results = Array.from({ length: 12 }, (_, i) => failed(op('o/r', `l${i}`), same));
    results.push(failed(op('o/r', 'odd'), new Error('422 invalid color')));
    const errors = failureErrors(results).map((e) => e.message);
    expect(errors).toEqual([
      'o/r: 12 operations failed (create l0, create l1, create l2, create l3, create l4, create l5, create l6, create l7, create l8, create l9 and 2 more): primary rate limit exhausted: would have to wait 3600 s',
      'o/r: create odd: 422 invalid color',
    ]);
  });
});
