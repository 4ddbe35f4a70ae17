// Comments under src/ that name a file of this repository name one that exists: a module moved or renamed leaves
// no comment pointing at its old name (issue 35 found one naming `src/actions/triage/action.ts`). The comments are read
// with TypeScript's scanner (strings and regular expressions are not comments). A path counts as ours when it
// starts with `src/<one of src's folders>/`, or when it is relative (`store/run-claim.ts`, `run-claim.ts`): then
// some file under src/ must end with it. Comments also cite other projects' sources as evidence (actions/stale's
// `src/classes/issues-processor.ts`): a `src/` path outside src's folders is theirs, and the few relative names of
// other projects are listed in FOREIGN with the comment that cites them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** Relative names of other projects' files, by the module whose comment cites them. */
const FOREIGN: Record<string, string[]> = {
  // create-pull-request's src/utils.ts
  'src/actions/commit-files/domain/peer-names.ts': ['utils.ts'],
  // graphile-worker's dist/interfaces.d.ts
  'src/hosts/service/store/item-jobs.ts': ['interfaces.d.ts'],
  // actions/stale's __tests__ and src/classes/assignees.ts
  'src/actions/triage/domain/sweep.ts': ['__tests__/operations-per-run.spec.ts'],
  'src/actions/triage/domain/stale-names-match.ts': ['assignees.ts'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [relative(ROOT, join(dir, e.name)).split('\\').join('/')],
  );
}

/** The text of every comment of a TypeScript source, with its line. */
function commentsOf(text: string): { line: number; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: { line: number; text: string }[] = [];
  let lines = 1;
  let counted = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const start = scanner.getTokenStart();
    for (; counted < start; counted++) if (text.charCodeAt(counted) === 10) lines++;
    found.push({ line: lines, text: scanner.getTokenText() });
  }
  return found;
}

/** The `….ts` paths a comment names (not part of a URL or a longer path). */
function pathsIn(comment: string): string[] {
  return [...comment.matchAll(/(?<![\w./:@-])((?:[\w.-]+\/)*[\w.-]+\.ts)\b/g)].map((m) => m[1]);
}

const files = filesUnder(SRC);
const folders = new Set(readdirSync(SRC, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : [])));

/** Why `path`, named in a comment of `file`, names nothing; undefined when it exists or is another project's. */
function missing(file: string, path: string): string | undefined {
  if (FOREIGN[file]?.includes(path)) return undefined;
  if (path.startsWith('src/')) {
    if (!folders.has(path.split('/')[1])) return undefined; // another project's src/
    return existsSync(join(ROOT, path)) ? undefined : `${path} does not exist`;
  }
  if (existsSync(join(ROOT, path))) return undefined; // test/…, scripts/…, from the root
  return files.some((f) => f === `src/${path}` || f.endsWith(`/${path}`)) ? undefined : `no file under src/ is ${path}`;
}

describe('comments under src/', () => {
  it('name files that exist', () => {
    const stale: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.ts'))) {
      for (const c of commentsOf(readFileSync(join(ROOT, file), 'utf8')))
        for (const path of pathsIn(c.text)) {
          const why = missing(file, path);
          if (why) stale.push(`${file}:${c.line}: ${why}`);
        }
    }
    expect(stale).toEqual([]);
  });

  it('the check finds paths in comments only, and tells ours from other projects', () => {
    const text = [
      "const url = 'see src/actions/triage/no-such-step.ts'; // names src/actions/triage/no-such-step.ts",
      '/** and store/run-claim.ts,',
      ' *  and https://example.com/x.ts */',
    ].join('\n');
    expect(commentsOf(text).map((c) => [c.line, pathsIn(c.text)])).toEqual([
      [1, ['src/actions/triage/no-such-step.ts']],
      [2, ['store/run-claim.ts']],
    ]);
    expect(missing('src/x.ts', 'src/actions/triage/no-such-step.ts')).toBe(
      'src/actions/triage/no-such-step.ts does not exist',
    );
    expect(missing('src/x.ts', 'store/run-claim.ts')).toBeUndefined();
    expect(missing('src/x.ts', 'store/no-such-module.ts')).toBe('no file under src/ is store/no-such-module.ts');
    expect(missing('src/x.ts', 'src/classes/issues-processor.ts')).toBeUndefined();
  });
});
