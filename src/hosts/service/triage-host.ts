// The service's host of triage's run sequence: the same steps the action runs (actions/triage/steps.ts, so the service and
// the action plan the same writes for the same item, and the budget is checked once, by the sequence), rendered the
// service's way: the report's log lines as JSON log lines (json-log.ts; no job summary, no step outputs: a
// delivery has neither) and no `::group::` sections. What it resolves to is the dispatcher's `TriageResult`: the
// plan of a dry run, the applied result otherwise. A failed write is not thrown: the dispatcher classifies each
// failed operation (failure-kind.ts) from the result, so the sequence's `failure` step is left out.
import type { Logger } from '../../github/client/types';
import type { RunReport } from '../../kernel/report';
import { noLogSections, runSequence } from '../../kernel/sequence';
import type { TriageOptions, TriageResult } from '../../actions/triage/domain/engine';
import type { Identity } from '../../actions/triage/domain/markers';
import { triageSteps } from '../../actions/triage/steps';
import type { LogFields } from './json-log';

/** A logger that may make children with fields (the dispatcher's per-delivery `FieldLogger`, prefixed). */
type HostLog = Logger & { child?: (fields: LogFields) => Logger };

/**
 * The service's rendering of a report: its log lines only, each marked `report: true` where the log carries fields.
 * An `error` line is a warning here (the JSON log's `error` is a failure that needs an operator), a `notice` info.
 */
export function renderInService(report: RunReport, log: HostLog): void {
  const out: Logger = log.child ? log.child({ report: true }) : log;
  for (const line of report.log) {
    if (line.level === 'error' || line.level === 'warning') out.warning(line.text);
    else out.info(line.text);
  }
}

/** The service's triage run of one delivery: the run sequence with triage's steps, the identity its own. */
export async function runTriageInService(
  options: TriageOptions,
  extra: { identity?: Identity } = {},
): Promise<TriageResult> {
  const log: HostLog = options.log;
  const o: TriageOptions = { ...options, identity: extra.identity ?? options.identity };
  const dryRun = o.dryRun ?? false;
  const steps = { ...triageSteps(o, { notice: (line) => log.info(line) }), failure: undefined };
  const run = await runSequence(
    { client: o.client, log, inputs: { dryRun }, render: (report) => renderInService(report, log) },
    steps,
    { sections: noLogSections },
  );
  return run.outcome.dryRun ? run.outcome.plan : run.outcome.result;
}
