// Executes triage operations, one request each. Operations on one item run in plan order (a comment
// before the close); different items run side by side within the client's pacing.
import { requestDeclared } from '../../github/client/declared';
import type { WriteRule } from '../../github/client/write-rules';
import { writes } from './writes';
import type { Client, Logger } from '../../github/client/types';
import { isStatus } from '../../github/client/errors';
import { pathSegment } from '../../github/names';
import { applyPlan, type ApplyReport } from '../../kernel/plan';
import { postCommentOnce } from './domain/comment-once';
import type { TriageOperation } from './operations';
import type { RepoRef } from './domain/reader';

export type TriageReport = ApplyReport<TriageOperation>;

export function createExecutor(client: Client, repo: RepoRef, log?: Logger): (op: TriageOperation) => Promise<void> {
  const { owner, repo: name } = repo;
  /** One declared write of this repository's (route, answer shape and rule after a lost answer travel with it). */
  const write = (rule: WriteRule, params: object) =>
    requestDeclared(client.octokit, rule, { owner, repo: name, ...params });
  // Each missing label is created once per run, even when several items add it.
  const created = new Map<string, Promise<void>>();
  const createLabel = (label: string, color: string) => {
    const key = label.toLowerCase();
    let made = created.get(key);
    if (!made) {
      made = write(writes.createLabel, { name: label, color }).then(
        () => undefined,
        (err: unknown) => {
          // 422 already_exists: made meanwhile (by a person, or an earlier try of this run): the goal is reached.
          if (!isStatus(err, 422)) {
            created.delete(key);
            throw err;
          }
        },
      );
      created.set(key, made);
    }
    return made;
  };
  return async (op) => {
    const issue = { owner, repo: name, issue_number: op.number };
    const p = op.payload;
    switch (p.type) {
      case 'add-label':
        // The API would create a label the repository lacks, grey: the planner either dropped such an add or
        // asked for the label to be created here first, in the configured colour.
        if (p.create) await createLabel(p.label, p.create.color);
        await write(writes.addLabels, { ...issue, labels: [p.label] });
        return;
      case 'remove-label':
        try {
          await write(writes.removeLabel, { ...issue, name: p.label });
        } catch (err) {
          // Already gone (someone removed it meanwhile): the goal is reached.
          if (!isStatus(err, 404)) throw err;
        }
        return;
      case 'assign':
      case 'unassign':
        // The assignees are a set: adding and removing differ only in the write.
        await write(p.type === 'assign' ? writes.addAssignees : writes.removeAssignees, {
          ...issue,
          assignees: p.assignees,
        });
        return;
      case 'comment':
        // Not retried blindly: a retry after a lost answer would post it twice.
        await postCommentOnce(client, issue, p.body, { log });
        return;
      case 'close':
        await write(writes.updateIssue, { ...issue, state: 'closed', state_reason: p.reason });
        return;
      case 'reopen':
        await write(writes.updateIssue, { ...issue, state: 'open' });
        return;
      case 'react':
        try {
          await write(writes.react, { comment_id: p.commentId, content: p.content });
        } catch (err) {
          // The comment was deleted meanwhile: there is nothing left to answer.
          if (!isStatus(err, 404)) throw err;
        }
        return;
      case 'delete-branch':
        try {
          await write(writes.deleteBranch, { ref: `heads/${p.branch.split('/').map(pathSegment).join('/')}` });
        } catch (err) {
          // 422 "Reference does not exist": deleted already (by a person, or a merge setting); the goal is reached.
          if (!isStatus(err, 422)) throw err;
        }
        return;
    }
  };
}

/**
 * Applies every operation and reports each result, in plan order, on the one pool (kernel/plan.ts `applyPlan`). An
 * item is a group: items run side by side (`concurrency` at once); the operations of one item run in plan order,
 * and after a failure the rest of that item's operations are not attempted and come back `skipped` with the reason
 * (no close without its comment, no 👍 for a command that failed). Before the one pool they came back `failed`.
 */
export function applyOperations(
  ops: readonly TriageOperation[],
  execute: (op: TriageOperation) => Promise<void>,
  concurrency = 4,
): Promise<TriageReport> {
  return applyPlan(ops, execute, { concurrency, group: (op) => `#${op.number}` });
}
