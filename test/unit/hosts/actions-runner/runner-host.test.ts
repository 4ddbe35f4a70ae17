// The Actions runner's rendering of a report (src/hosts/actions-runner/runner-host.ts): the outputs go to GITHUB_OUTPUT, the summary
// sections to the job summary buffer in order (empty ones dropped), the log lines to the action's log at their level;
// the service's rendering (`logReport`) prints the log lines only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headingMarkdown, logReport, runReport } from '../../../../src/kernel/report';
import { renderOnRunner } from '../../../../src/hosts/actions-runner/runner-host';
import { takeSummary } from '../../../../src/hosts/actions-runner/summary';

const dir = mkdtempSync(join(tmpdir(), 'runner-host-'));
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  takeSummary();
});

const report = runReport({
  outputs: { created: 2, changed: true, names: ['a', 'b'], none: undefined },
  summary: [headingMarkdown('Label plan', 3), '   ', '| a |\n| --- |\n| b |  \n'],
  log: [
    { level: 'info', text: 'Labels: 2 created.' },
    { level: 'warning', text: 'A label was renamed meanwhile.' },
    { level: 'error', text: 'One write failed.' },
    { level: 'notice', text: 'Ignored: a bot.' },
  ],
});

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (m: string) => lines.push(`info ${m}`),
      warning: (m: string) => lines.push(`warning ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
      notice: (m: string) => lines.push(`notice ${m}`),
    },
  };
}

describe('renderOnRunner', () => {
  it('writes the outputs, appends the summary sections and prints the log lines at their level', () => {
    const output = join(dir, 'output.txt');
    writeFileSync(output, '');
    process.env.GITHUB_OUTPUT = output;
    const { lines, log } = recorder();
    renderOnRunner(report, log);
    const values: Record<string, string> = {};
    for (const m of readFileSync(output, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) values[m[1]] = m[3];
    expect(values).toEqual({ created: '2', changed: 'true', names: '["a","b"]', none: '' });
    expect(takeSummary()).toBe('### Label plan\n\n| a |\n| --- |\n| b |\n\n');
    expect(lines).toEqual([
      'info Labels: 2 created.',
      'warning A label was renamed meanwhile.',
      'error One write failed.',
      'notice Ignored: a bot.',
    ]);
  });
});

describe('logReport (the service)', () => {
  it('prints the log lines only; without error and notice, they fall back to warning and info', () => {
    const lines: string[] = [];
    logReport(report, { info: (m) => lines.push(`info ${m}`), warning: (m) => lines.push(`warning ${m}`) });
    expect(lines).toEqual([
      'info Labels: 2 created.',
      'warning A label was renamed meanwhile.',
      'warning One write failed.',
      'info Ignored: a bot.',
    ]);
  });
});
