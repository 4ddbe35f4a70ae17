// What the read state forbids before any write: changing a published immutable release, turning it back into a
// draft, publishing into a discussion category that does not exist; and what it cannot do (a GitHub Enterprise
// Server whose releases API has no `discussion_category_name`). Pure, like the planner that uses it.
import type { RemoteRelease } from './release-types';

/** A step that changes an asset (an upload or a replace). */
interface Change {
  action: string;
  asset: { name: string };
}

interface Wanted {
  draft: boolean;
  discussionCategory?: string;
}

interface Categories {
  discussionCategories?: readonly string[];
  discussionCategoriesUnread?: string;
  /** The server's GHES version (undefined: github.com, or not known). */
  enterpriseVersion?: string;
}

/**
 * Whether the server's create/update release takes `discussion_category_name`. An audit of GitHub's OpenAPI
 * descriptions (issue 39) found it missing from GHES 3.17–3.19, where the parameter is ignored and the release is
 * published without its discussion; older releases (past support) are taken to lack it too, 3.20 and later and
 * github.com to have it.
 */
export function categoryTaken(facts: Pick<Categories, 'enterpriseVersion'>): boolean {
  const m = /^(\d+)\.(\d+)/.exec(facts.enterpriseVersion ?? '');
  if (!m) return true;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 3 || (major === 3 && minor >= 20);
}

/** Errors the read state shows before any write: immutable releases, a discussion category that does not exist. */
export function stateErrors(
  desired: Wanted,
  release: RemoteRelease | undefined,
  changing: readonly Change[],
  facts: Categories,
) {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (release && !release.draft && release.immutable && changing.length > 0) {
    errors.push(
      `Release ${release.tag_name} is published and immutable: its assets cannot change, and this run would ` +
        `${changing.map((s) => `${s.action} "${s.asset.name}"`).join(', ')}. ` +
        'Publish releases only once their assets are complete (this action does so), or release under a new tag.',
    );
  }
  if (release && !release.draft && release.immutable && desired.draft) {
    errors.push(`Release ${release.tag_name} is published and immutable: it cannot become a draft again.`);
  }
  const category = desired.discussionCategory;
  const publishing = !desired.draft && (!release || release.draft);
  if (category && publishing && !categoryTaken(facts)) {
    warnings.push(
      `GitHub Enterprise Server ${facts.enterpriseVersion} has no \`discussion_category_name\` on releases ` +
        `(3.20 and later have it): the release is published without a discussion in "${category}" and without ` +
        'a discussion link. Open the discussion by hand, or drop `discussion-category` for this server.',
    );
  } else if (category && publishing && facts.discussionCategories) {
    const known = facts.discussionCategories;
    if (!known.some((c) => c.toLowerCase() === category.toLowerCase()))
      errors.push(
        `The discussion category "${category}" does not exist in the repository` +
          (known.length
            ? ` (its categories: ${known.map((c) => `"${c}"`).join(', ')})`
            : ' (it has no categories; are discussions enabled?)') +
          '. Create it, or change `discussion-category`.',
      );
  } else if (category && publishing && facts.discussionCategoriesUnread) {
    warnings.push(
      `The discussion categories could not be read (${facts.discussionCategoriesUnread}); "${category}" is checked ` +
        'when the release is published: if GitHub refuses it, the release stays a draft with its assets.',
    );
  }
  return { errors, warnings };
}
