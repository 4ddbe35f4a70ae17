// `npm run bench -- parsers`: the parsers of untrusted text and the config patterns on their worst cases
// (all linear, since they read hostile text): time per call, median of a few runs. Before the linear rewrite, `### a` + 8 000 spaces + `x`
// took minutes (cubic) and /^(\w+\s?)*$/ on a 29-character title about 1.5 s (exponential).
import { parseCommands } from '../../src/actions/triage/domain/commands';
import { parseIssueForm } from '../../src/actions/triage/domain/issue-form';
import { parsePattern, matches } from '../../src/actions/triage/domain/pattern';
import { commentedRules, WORKFLOW_TOKEN_IDENTITY } from '../../src/actions/triage/domain/markers';
import type { StandaloneBench } from '../standalone';

const KB64 = 64 * 1024;

function medianMs(work: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)] * 100) / 100;
}

const words = parsePattern('/^(\\w+\\s?)*$/');
const cases: [string, () => unknown][] = [
  ['form: ### a + 8000 spaces + x', () => parseIssueForm(`### a${' '.repeat(8000)}x`)],
  ['form: 64 KB of padded headings', () => parseIssueForm(`### a${' '.repeat(KB64 - 7)}x`)],
  ['form: 64 KB task list', () => parseIssueForm('### Q\n' + '- [x] y\n'.repeat(KB64 / 8))],
  ['commands: 64 KB of quotes', () => parseCommands(`/label ${'"'.repeat(KB64)}`)],
  ['commands: 64 KB of command lines', () => parseCommands('/label x\n'.repeat(KB64 / 9))],
  [
    'markers: 64 KB of rule-marker prefixes',
    () =>
      commentedRules(
        [{ body: '<!-- repo-actions:triage rule='.repeat(KB64 / 30), user: { login: 'github-actions[bot]' } }],
        WORKFLOW_TOKEN_IDENTITY,
      ),
  ],
  ['pattern /^(\\w+\\s?)*$/ on a 29-char title', () => matches(words, `${'a'.repeat(28)}!`)],
  ['pattern /^(\\w+\\s?)*$/ on 64 KB', () => matches(words, `${'ab '.repeat(KB64 / 3)}!`)],
];

export const standalone: StandaloneBench[] = [
  {
    name: 'parsers: worst cases of hostile text (median ms per call)',
    action: 'parsers',
    description: 'Every parser of untrusted text and every config pattern is linear.',
    async run() {
      const start = performance.now();
      const rows = cases.map(([what, work]) => `${what}: ${medianMs(work)} ms`);
      return {
        name: 'parsers: worst cases of hostile text (median ms per call)',
        action: 'parsers',
        status: 'ok',
        wallMs: Math.round(performance.now() - start),
        note: rows.join('; '),
      };
    },
  },
];
