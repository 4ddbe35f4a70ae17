// `npm run demo` steps of the triage action on the sample repository: rules on a new issue, slash commands
// refused and accepted, and a nightly sweep with stale marking.
import type { DemoStep } from '../../bench/types';
import type { Emulator } from '../../emulator';
import { sampleScenario } from '../../emulator/sample-scenario';
import { seedState } from '../../emulator/seed';
import { Clock } from '../../emulator/state';

const CONFIG = `# .github/triage.yml
rules:
  - id: docs
    if: { type: issue, title: '/\\b(typo|guide|docs?)\\b/i', labels-absent: [documentation] }
    then:
      add-labels: [documentation, good first issue]
      comment: Thanks! Documentation fixes are a great first contribution.
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
commands:
  permission: write
  allow: [label, unlabel, assign, unassign, close, reopen]
stale:
  days-before-stale: 30
  days-before-close: 14
  exempt-labels: [urgent, "priority: high"]
  only: issues
  stale-comment: No activity for 30 days; marking this stale. It will be closed in 14 days unless something happens.
`;

/** The id the sample repository gives the comment with this body (ids are assigned when the emulator is seeded). */
function commentId(body: string): number {
  const state = seedState(sampleScenario(), new Clock());
  const comment = [...state.repo('acme/webapp')!.comments.values()].find((c) => c.body === body);
  if (!comment) throw new Error(`the sample repository has no comment "${body}"`);
  return comment.id;
}

const workspace = { '.github/triage.yml': CONFIG };
/** The seeded comment `id` now says `body` (as if its author had edited it). */
function writeComment(emu: Emulator, id: number, body: string): void {
  const comment = emu.state.repo('acme/webapp')!.comments.get(id);
  if (!comment) throw new Error(`the sample repository has no comment ${id}`);
  comment.body = body;
}

const carolComment = commentId('Confirmed on 1.2.0.');
const aliceComment = commentId('Use the PORT variable.');

export const steps: DemoStep[] = [
  {
    action: 'triage',
    title: 'issues.opened: rules on a new issue (one fresh read, then the writes)',
    event: { name: 'issues', payload: { action: 'opened', issue: { number: 3, title: 'Typo in the guide' } } },
    workspace,
  },
  {
    action: 'triage',
    title:
      'issue_comment: /label from carol (triage role; the config asks for write) → refused: 😕 and one reply saying why',
    event: {
      name: 'issue_comment',
      payload: {
        action: 'created',
        issue: { number: 1 },
        comment: { id: carolComment, body: '/label good first issue', user: { login: 'carol', type: 'User' } },
      },
    },
    // The command is judged by the comment as the API has it: carol writes it there first.
    before: (emu) => writeComment(emu, carolComment, '/label good first issue'),
    workspace,
  },
  {
    action: 'triage',
    title: 'issue_comment: /label and /close from alice (admin) → done, 👍',
    event: {
      name: 'issue_comment',
      payload: {
        action: 'created',
        issue: { number: 4 },
        comment: {
          id: aliceComment,
          body: 'Answered above.\n/label documentation\n/close completed',
          user: { login: 'alice', type: 'User' },
        },
      },
    },
    before: (emu) => writeComment(emu, aliceComment, 'Answered above.\n/label documentation\n/close completed'),
    workspace,
  },
  {
    action: 'triage',
    title: 'schedule: nightly sweep (rules, then stale), oldest-updated first',
    event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
    workspace,
  },
];
