// The commit message: the `message` input, then one `Co-authored-by:` trailer per co-author and, with `signoff`,
// a `Signed-off-by:` trailer (as `git commit --signoff` adds), in a trailer block separated by a blank line as git
// and GitHub expect, without repeating a trailer already present.

export const CO_AUTHOR = /^[^<>\r\n]+ <[^<>\s]+@[^<>\s]+>$/;

export function commitMessage(message: string, coAuthors: readonly string[], signoff?: string): string {
  const body = message.replace(/\s+$/, '');
  const present = new Set(
    body
      .split('\n')
      .filter((line) => /^co-authored-by:/i.test(line))
      .map((line) =>
        line
          .replace(/^co-authored-by:\s*/i, '')
          .trim()
          .toLowerCase(),
      ),
  );
  const trailers: string[] = [];
  for (const author of coAuthors) {
    const key = author.trim().toLowerCase();
    if (present.has(key)) continue;
    present.add(key);
    trailers.push(`Co-authored-by: ${author.trim()}`);
  }
  const signedOff = `Signed-off-by: ${signoff?.trim()}`;
  if (signoff && !body.split('\n').some((line) => line.trim().toLowerCase() === signedOff.toLowerCase()))
    trailers.push(signedOff);
  if (trailers.length === 0) return body;
  const lines = body.split('\n');
  const last = lines[lines.length - 1] ?? '';
  // Join an existing trailer block (a last paragraph of `Key: value` lines), else start one.
  const lastParagraph = body.slice(body.lastIndexOf('\n\n') + 2);
  const endsWithTrailers =
    body.includes('\n\n') && lastParagraph.split('\n').every((l) => /^[A-Za-z-]+: /.test(l)) && last !== '';
  return `${body}${endsWithTrailers ? '\n' : '\n\n'}${trailers.join('\n')}`;
}
