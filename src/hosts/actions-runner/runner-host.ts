// The Actions runner's rendering of a run's report (`report.ts`): each output through @actions/core's setOutput,
// each summary section appended to the job summary buffer (the runner host's `runAction` puts its heading, budget chart and API
// usage around them and writes the file, on success and on failure alike), each log line through the action's log
// (redacted there). Actions never call these globals themselves: their `report` step returns the value.
import { setOutputs } from './outputs';
import { logReport, type ReportLog, type RunReport } from '../../kernel/report';
import { addMarkdown } from './summary';

/** Renders a report on the runner: outputs, then summary sections, then log lines. */
export function renderOnRunner(report: RunReport, log: ReportLog): void {
  setOutputs(report.outputs);
  for (const section of report.summary) addMarkdown(section);
  logReport(report, log);
}

/** The renderer an `ActionContext` carries (`ctx.render`), bound to the action's log. */
export function runnerRenderer(log: ReportLog): (report: RunReport) => void {
  return (report) => renderOnRunner(report, log);
}
