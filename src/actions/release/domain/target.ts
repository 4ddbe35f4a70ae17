// The tag and commit of the release when the inputs leave them out, from the event that started the run.
import type { EventContext } from '../../../kernel/context';
import { InputError } from '../../../kernel/inputs';

export interface TagAndTarget {
  tag: string;
  target?: string;
  /** Where the tag came from, for the log. */
  source: string;
}

/**
 * `tag`: the input; else the tag of `GITHUB_REF` (`refs/tags/…`); else the context's tag — under `workflow_run` the
 * triggering run's tag, once `resolveWorkflowRunRef` (src/kernel) has asked the API whether its `head_branch` is one.
 * Nothing, with `draft`: the tag "" (an untagged draft).
 * `target`: the input; else the triggering run's `head_sha` under `workflow_run`; else `GITHUB_SHA`.
 */
export function resolveTagAndTarget(
  input: { tag?: string; target?: string; draft?: boolean },
  context: EventContext,
): TagAndTarget {
  const run = context.eventName === 'workflow_run' ? context.workflowRun : undefined;
  const target = input.target || (run ? run.headSha : context.runSha || context.sha) || undefined;
  if (input.tag) return { tag: input.tag, target, source: 'the `tag` input' };
  if (context.runRef.startsWith('refs/tags/'))
    return { tag: context.runRef.slice('refs/tags/'.length), target, source: 'GITHUB_REF' };
  if (context.tag)
    return {
      tag: context.tag,
      target,
      source: run ? `the triggering ${run.event} run` : `the ${context.eventName} event`,
    };
  // A draft may have no tag (softprops/action-gh-release: "tag_name for a draft release may be empty", PR #95):
  // GitHub keeps it with tag_name "" until a tag is given.
  if (input.draft) return { tag: '', target, source: 'no tag anywhere: an untagged draft' };
  throw new InputError([
    {
      input: 'tag',
      message:
        'Input "tag" is required: the run was not started by a tag (GITHUB_REF is ' +
        `"${context.runRef || '(unset)'}"${run ? `, and the triggering run's head "${run.headBranch || '(unknown)'}" is no tag` : ''}); ` +
        'only a draft (`draft: true`) may have none.',
    },
  ]);
}

/** The tag as the plan and the summary show it ("" is an untagged draft). */
export function shownTag(tag: string): string {
  return tag === '' ? '(untagged draft)' : tag;
}
