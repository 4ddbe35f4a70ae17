// Step outputs: every value becomes a string (numbers and booleans as text, objects and arrays as JSON). Only a host
// writes them (`runner-host.ts`); an action's report returns its outputs in a `RunReport` (`report.ts`).
import * as core from '@actions/core';
import { outputText, type OutputValue } from '../../kernel/report';

export { outputText, type OutputValue } from '../../kernel/report';

/** Sets each output (keys as named in action.yml). */
export function setOutputs(outputs: Record<string, OutputValue>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, outputText(value));
}
