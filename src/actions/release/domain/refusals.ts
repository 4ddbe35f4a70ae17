// GitHub's refusals of a release write that its own message does not explain, turned into errors that say what
// happened, what the run leaves behind, and what to do.
import { isAlreadyExists, isApiError, isStatus } from '../../../github/client/errors';
import { messageOf } from '../../../kernel/words';

/**
 * A tag whose release was immutable can never be used again, even once that release and the tag are deleted:
 * `POST /releases` answers 422 `custom` "tag_name was used by an immutable release" (GitHub's immutable releases,
 * docs.github.com "About immutable releases").
 */
export function isImmutableTagReuse(err: unknown): boolean {
  return (
    isApiError(err) &&
    err.status === 422 &&
    /used by an immutable release/i.test([err.apiMessage, ...err.errors.map((e) => e.message ?? '')].join(' '))
  );
}

/**
 * The workflow token never has the `workflows` permission; creating the tag of a commit that would add or change
 * files under `.github/workflows/` is refused with 404 (sometimes 403) on the release write that creates the tag
 * (OpenAPI "Create a release": 404 when `target_commitish` changes workflow files; the create of a published release,
 * or the publishing update of a draft). A 404 says no more than that: a repository the token cannot see answers it
 * too, so this is "may be the workflow refusal" (commit-files' `isWorkflowRefusal` is GitHub naming the permission).
 */
export function mayBeWorkflowRefusal(err: unknown): boolean {
  if (!isApiError(err)) return false;
  return err.status === 404 || (err.status === 403 && /workflow/i.test(err.apiMessage));
}

const WORKFLOW_FIX =
  'GitHub refuses a tag whose commit would add or change files under .github/workflows/ when the token lacks the ' +
  '`workflows` permission, which GITHUB_TOKEN never has. Push the tag first (`git push origin <tag>` in the ' +
  'workflow, so the release uses an existing tag), or use a token with the `workflows` permission (a GitHub App ' +
  'token or a fine-grained personal access token).';

export function explainCreateRefusal(err: unknown, tag: string, target: string | undefined): unknown {
  if (isImmutableTagReuse(err))
    return new Error(
      `The tag ${tag} was used by an immutable release before: GitHub never allows it again, even after that release ` +
        'and its tag were deleted. Release under a new tag. Nothing was uploaded.',
      { cause: err },
    );
  if (mayBeWorkflowRefusal(err))
    return new Error(
      `Creating the release ${tag}${target ? ` at ${target}` : ''} was refused (${messageOf(err)}). ` +
        `${WORKFLOW_FIX} (A 404 also means a repository the token cannot see.) Nothing was uploaded.`,
      { cause: err },
    );
  return err;
}

export function explainPublishRefusal(
  err: unknown,
  release: { id: number; tag_name: string; html_url: string },
  discussionCategory: string | undefined,
): unknown {
  if (isAlreadyExists(err)) return err;
  const kept =
    `The release stays a draft (id ${release.id}) with every asset uploaded: ${release.html_url}; ` +
    'a re-run publishes it.';
  // ncipollo/release-action#398: 404 "A Discussion could not be created. Make sure you passed a valid category name".
  const aboutDiscussion = isApiError(err) && /discussion|category/i.test(err.apiMessage);
  if (discussionCategory && (aboutDiscussion || isStatus(err, 422)))
    return new Error(
      `Publishing ${release.tag_name} was refused (${messageOf(err)}): the discussion category ` +
        `"${discussionCategory}" does not exist, or discussions are off in the repository. ${kept}`,
      { cause: err },
    );
  if (mayBeWorkflowRefusal(err))
    return new Error(`Publishing ${release.tag_name} was refused (${messageOf(err)}). ${WORKFLOW_FIX} ${kept}`, {
      cause: err,
    });
  return err;
}
