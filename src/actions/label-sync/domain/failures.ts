// The errors a failed label-sync run reports, one per cause rather than one per label: the writes a repository refused
// for lack of permission (and those not attempted after it) are one error per repository, and so are operations of
// one repository that failed with the very same message (an exhausted budget, a wait too long); the others are one
// error each. Every operation keeps its own status and message in the `plan` output and the summary table.
import type { OperationResult } from '../../../kernel/plan';
import { plural } from '../../../kernel/words';
import { isWriteRefusal, NotAttempted, type Outcome } from '../apply';
import type { LabelOperation } from '../plan';

type Result = OperationResult<LabelOperation, Outcome>;

interface Group {
  repository: string;
  ops: LabelOperation[];
  cause: Error;
  verb: string;
}

function describe({ repository, ops, cause, verb }: Group): Error {
  if (ops.length === 1 && verb === 'failed')
    return new Error(`${repository}: ${ops[0].kind} ${ops[0].subject}: ${cause.message}`, { cause });
  const shown = ops.slice(0, 10).map((op) => `${op.kind} ${op.subject}`);
  const more = ops.length > shown.length ? ` and ${ops.length - shown.length} more` : '';
  const what =
    verb === 'refused' ? `${plural(ops.length, 'write')} refused` : `${plural(ops.length, 'operation')} ${verb}`;
  return new Error(`${repository}: ${what} (${shown.join(', ')}${more}): ${cause.message}`, { cause });
}

export function failureErrors(results: readonly Result[]): Error[] {
  const groups = new Map<string, Group>();
  for (const r of results) {
    if (r.status !== 'failed') continue;
    const op = r.op;
    const err = r.error ?? new Error('failed');
    const refused = isWriteRefusal(err) || err instanceof NotAttempted;
    const key = refused ? `${op.target}\0refused` : `${op.target}\0${err.message}`;
    const group = groups.get(key) ?? {
      repository: op.target,
      ops: [],
      cause: err instanceof NotAttempted ? err.refusal : err,
      verb: refused ? 'refused' : 'failed',
    };
    if (refused && !(err instanceof NotAttempted)) group.cause = err;
    group.ops.push(op);
    groups.set(key, group);
  }
  return [...groups.values()].map(describe);
}
