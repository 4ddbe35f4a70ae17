// Bundles every action (actions/<name>/action.yml → src/actions/<name>/main.ts) into dist/<name>/index.js with ncc,
// and the command line (src/hosts/cli/main.ts → dist/cli/index.js).
// `npm run build` builds all; `npm run build -- label-sync` builds the named ones.
// A bundle may leave external only Node's own modules and the package's production dependencies (what
// `npm install --omit=dev` brings): the build fails on any other (scripts/bundle-externals.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forbiddenExternals } from './bundle-externals.mjs';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
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
  const statsFile = join(tmpdir(), `repo-actions-${name}-${process.pid}.stats.json`);
  rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
      'build',
      name === 'cli' ? join('src', 'hosts', 'cli', 'main.ts') : join('src', 'actions', name, 'main.ts'),
      '-o',
      next,
      '--license',
      'licenses.txt',
      '--target',
      'es2022',
      // No --external: graphile-worker's config-file search (cosmiconfig, which required the TypeScript compiler)
      // is replaced at bundle time by scripts/bundle-stubs/cosmiconfig.ts (tsconfig.json `paths`).
      '--stats-out',
      statsFile,
      '-q',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  rmSync(statsFile, { force: true });
  const forbidden = forbiddenExternals(stats, pkg);
  if (forbidden.length) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(
      `dist/${name} would import ${forbidden.join(', ')} at run time, which is neither Node's own nor a production ` +
        'dependency: bundle it, or stub it (scripts/bundle-stubs/)',
    );
  }
  // Some bundled sources (tslib) have CRLF line ends; git stores the bundle with LF (.gitattributes), so the build
  // writes LF too: a fresh build is then byte for byte what a clone checks out, and check-dist can compare them.
  // The command line's subcommands are chunks beside index.js (`import()`): every emitted script gets the same.
  for (const file of readdirSync(next).filter((f) => f.endsWith('.js'))) {
    const path = join(next, file);
    const text = readFileSync(path, 'utf8');
    if (text.includes('\r\n')) writeFileSync(path, text.replace(/\r\n/g, '\n'));
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
  console.log(`built dist/${name}/index.js`);
}
