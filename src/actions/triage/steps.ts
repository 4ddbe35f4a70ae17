// Triage's steps of the kernel's run sequence (kernel/sequence.ts), one set for both hosts: the action (run.ts, rendered by
// the Actions runner) and the webhook service (hosts/service/triage-host.ts, rendered as JSON log lines). So the two
// cannot plan differently for the same item, and the budget is checked once, by the sequence, before the first write.
// Read and plan are one step (`planTriage` reads each item fresh as it decides); apply writes, then `afterApply`
// (the action saves this job's memory of its writes).
import type { SequenceSteps } from '../../kernel/sequence';
import { plural } from '../../kernel/words';
import { applyTriage, planTriage, type TriageOptions, type TriageResult } from './domain/engine';
import { totalCost } from './operations';
import { printPlan, triageFailure, triageReport } from './report';

/** State, plan and result are one value: the planned result, then the applied one. */
export type TriageSteps = SequenceSteps<TriageResult, TriageResult, TriageResult>;

export interface TriageHooks {
  /** Where an ignored event's line goes (default: the runner's notice annotation). */
  notice?: (line: string) => void;
  /** Runs after a successful apply (the action saves its job memory). */
  afterApply?: () => Promise<void>;
}

/** The steps of one triage run; `options.dryRun` is the run's dry-run (the sequence's `inputs.dryRun` too). */
export function triageSteps(options: TriageOptions, hooks: TriageHooks = {}): TriageSteps {
  const dryRun = options.dryRun ?? false;
  return {
    read: () => planTriage(options),
    plan: (planned) => planned,
    what: (planned) => `the triage plan (${plural(planned.plan.length, 'operation')})`,
    cost: (planned) => totalCost(planned.plan),
    print: (planned) => printPlan(planned, dryRun, options.log, hooks.notice),
    apply: async (planned) => {
      const result = await applyTriage(options, planned);
      await hooks.afterApply?.();
      return result;
    },
    report: (outcome) => triageReport(outcome.dryRun ? outcome.plan : outcome.result, dryRun),
    failure: triageFailure,
  };
}
