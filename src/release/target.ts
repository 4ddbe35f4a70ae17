// The tag and commit of the release when the inputs leave them out, from the event that started the run.
import type { EventContext } from '../core/context';
import { InputError } from '../core/inputs';

export interface TagAndTarget {
  tag: string;
  target?: string;
  /** Where the tag came from, for the log. */
  source: string;
}

/**
 * `tag`: the input; else the tag of `GITHUB_REF` (`refs/tags/…`); else, under `workflow_run`, the triggering run's
 * tag (its `head_branch` when the triggering event was a release or tag creation, or when `isTag(head_branch)` says
 * a tag of that name exists — a tag push reports the tag there too). `target`: the input; else the triggering run's
 * `head_sha` under `workflow_run`; else `GITHUB_SHA`.
 */
export async function resolveTagAndTarget(
  input: { tag?: string; target?: string },
  context: EventContext,
  isTag: (name: string) => Promise<boolean>,
): Promise<TagAndTarget> {
  const run = context.eventName === 'workflow_run' ? context.workflowRun : undefined;
  const target = input.target || (run ? run.headSha : context.runSha || context.sha) || undefined;
  if (input.tag) return { tag: input.tag, target, source: 'the `tag` input' };
  if (context.runRef.startsWith('refs/tags/')) return { tag: context.runRef.slice('refs/tags/'.length), target, source: 'GITHUB_REF' };
  if (run) {
    if (context.tag) return { tag: context.tag, target, source: `the triggering ${run.event} run` };
    if (run.headBranch && (await isTag(run.headBranch))) return { tag: run.headBranch, target, source: `the triggering ${run.event} run` };
  }
  if (context.tag) return { tag: context.tag, target, source: `the ${context.eventName} event` };
  throw new InputError([
    {
      input: 'tag',
      message:
        'Input "tag" is required: the run was not started by a tag (GITHUB_REF is ' +
        `"${context.runRef || '(unset)'}"${run ? ' and the triggering run has no tag' : ''}).`,
    },
  ]);
}
