// Step outputs: every value becomes a string (numbers and booleans as text, objects and arrays as JSON).
import * as core from '@actions/core';

export type OutputValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

/** The string an output value is written as; `undefined` and `null` become the empty string. */
export function outputText(value: OutputValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Sets each output (keys as named in action.yml). */
export function setOutputs(outputs: Record<string, OutputValue>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, outputText(value));
}
