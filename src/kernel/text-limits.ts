// Text limits GitHub enforces without printing them in its API description: a release body over 125,000 characters
// is refused with 422 (softprops/action-gh-release#374, `generate_release_notes` on the first release of a
// long-history repository), a pull-request or issue body over 65,536 likewise (peter-evans/create-pull-request
// truncates to 65,536 with a note for it). A body that would not fit is shortened here, before it is sent, with a
// note that says so and, when the text holds one, the link to the full comparison GitHub's generated notes end with.

export const RELEASE_BODY_MAX = 125_000;
export const PULL_BODY_MAX = 65_536;

/** Characters as GitHub counts them (Unicode code points, not UTF-16 units). */
function length(text: string): number {
  return [...text].length;
}

/** The `**Full Changelog**: URL` link GitHub's generated notes end with, when the text has one. */
function comparisonLink(text: string): string | undefined {
  const at = text.lastIndexOf('**Full Changelog**: ');
  if (at < 0) return undefined;
  const url = text.slice(at + '**Full Changelog**: '.length).split(/\s/, 1)[0];
  return /^https:\/\/[^\s<>()[\]]+$/.test(url) ? url : undefined;
}

/**
 * `text` when it fits in `max` characters; else its beginning (cut at a line end when one is near) and a note
 * saying it was shortened, with the full comparison's link when the text named one.
 */
export function fitBody(text: string, max: number): { text: string; shortened: boolean } {
  if (text.length <= max || length(text) <= max) return { text, shortened: false };
  const link = comparisonLink(text);
  const note =
    `\n\n*[Shortened to fit GitHub's limit of ${max} characters` +
    (link ? `; the full list of changes: ${link}` : '') +
    ']*';
  const kept = [...text].slice(0, Math.max(0, max - length(note))).join('');
  const lineEnd = kept.lastIndexOf('\n');
  const cut = lineEnd >= kept.length - 2000 && lineEnd > 0 ? kept.slice(0, lineEnd) : kept;
  return { text: cut + note, shortened: true };
}
