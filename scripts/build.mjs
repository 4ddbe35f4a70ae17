// Bundles every action (actions/<name>/action.yml → src/<name>/main.ts) into dist/<name>/index.js with ncc,
// and the command line (src/cli/main.ts → dist/cli/index.js).
// `npm run build` builds all; `npm run build -- label-sync` builds the named ones.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// Every action of the registry (src/actions/actions.json, read as JSON: this script runs without a TypeScript
// loader), plus the command line (dist/cli/index.js, the package's bin).
const registry = JSON.parse(readFileSync(join(root, 'src', 'actions', 'actions.json'), 'utf8'));
const all = [...registry.actions.map((a) => a.name), 'cli'];
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : all;
for (const name of names) {
  if (!all.includes(name)) throw new Error(`no action named ${name} (have: ${all.join(', ')})`);
  // Build next to the target and swap it in only when ncc succeeded: a failed build leaves the old bundle.
  // No source maps: they doubled every committed bundle (and every diff that rebuilds one), and registering one at
  // run time parses ~25 MB the first time an error stack is formatted. Stacks name the bundle's functions.
  const out = join(root, 'dist', name);
  const next = join(root, 'dist', `.${name}.next`);
  rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
      'build',
      join('src', name, 'main.ts'),
      '-o',
      next,
      '--license',
      'licenses.txt',
      '--target',
      'es2022',
      // graphile-worker's config loader (cosmiconfig) requires TypeScript lazily, only to read a `.ts` config file
      // the service never uses; bundling it would add 9 MB of compiler to the command line.
      '--external',
      'typescript',
      '-q',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  // Some bundled sources (tslib) have CRLF line ends; git stores the bundle with LF (.gitattributes), so the build
  // writes LF too: a fresh build is then byte for byte what a clone checks out, and check-dist can compare them.
  const bundle = join(next, 'index.js');
  const text = readFileSync(bundle, 'utf8');
  if (text.includes('\r\n')) writeFileSync(bundle, text.replace(/\r\n/g, '\n'));
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
  console.log(`built dist/${name}/index.js`);
}
