// The `tag` input: a lightweight tag, or an annotated one (`tag-message`), on the commit this run leaves on the
// branch, through the git database API. A tag that exists on another commit is refused before any write; one
// already on the right commit is done (a re-run after a crash between the commit and the tag finishes it).
import { isAlreadyExists, isStatus } from '../../../github/client';
import type { Logger } from '../../../github/client/types';
import type { GitApi } from './git-api';

/** `present`: already on the commit the branch keeps; `missing`: to create. */
export type TagState = 'present' | 'missing';

export async function checkTag(api: GitApi, name: string, head: string, commitNeeded: boolean): Promise<TagState> {
  const existing = await api.readTag(name);
  if (!existing) return 'missing';
  if (!commitNeeded && existing.commit === head) return 'present';
  throw new Error(
    `The tag "${name}" already exists on ${existing.commit.slice(0, 7)}, ` +
      `${commitNeeded ? 'and this run makes a new commit' : `not on the head of the branch (${head.slice(0, 7)})`}: ` +
      'a tag is never moved. Choose another tag name, or delete the tag first. Nothing was written.',
  );
}

/** Creates the tag on `commit` ('created'), or confirms it ('already there'). */
export async function createTag(
  api: GitApi,
  tag: { name: string; message?: string },
  commit: string,
  state: TagState,
  log: Logger,
): Promise<string> {
  if (state === 'present') return 'already there';
  let target = commit;
  if (tag.message !== undefined) {
    const object = await api.createTagObject(tag.name, tag.message, commit);
    target = object.sha;
    log.info(`Tag object ${object.sha} (${object.verified ? 'verified' : 'not verified'})`);
  }
  try {
    await api.createTagRef(tag.name, target);
  } catch (err) {
    // "Reference already exists": an earlier attempt whose answer was lost, or a concurrent run. Ours only if it
    // points at our commit.
    if (!(isAlreadyExists(err) || isStatus(err, 422))) throw err;
    const now = await api.readTag(tag.name);
    if (now?.commit !== commit)
      throw new Error(
        `The tag "${tag.name}" was created meanwhile on ${now?.commit.slice(0, 7) ?? 'another commit'}.`,
        {
          cause: err,
        },
      );
  }
  log.info(`Tagged ${commit.slice(0, 7)} as ${tag.name}`);
  return 'created';
}
