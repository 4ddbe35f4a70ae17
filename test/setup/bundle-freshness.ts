// Which bundles in dist/ are stale: each bundle's inputs (its sources, by the layering of src/, plus package-lock.json
// and scripts/build.mjs) and its output are hashed, and compared with the stamp written after its last build here.
// An action's bundle is built from its own folder, src/kernel, src/github and the Actions runner's host; the command line imports everything.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface BundleStamp {
  /** Hash of the bundle's inputs when it was built. */
  inputs: string;
  /** Hash of `dist/<name>/index.js` and the chunks beside it, as that build wrote them. */
  output: string;
}

export type Stamps = Record<string, BundleStamp>;

/** Where the stamps live: outside git, beside npm's own caches. */
export const stampFile = (root: string) => join(root, 'node_modules', '.cache', 'repo-actions', 'bundles.json');

/** The registry's file (src/actions/actions.json), read as scripts/build.mjs reads it. */
const registryFile = (root: string) => join(root, 'src', 'actions', 'actions.json');

/** The bundles the build makes: every action of the registry, and the command line. */
export function bundleNames(root: string): string[] {
  const registry = JSON.parse(readFileSync(registryFile(root), 'utf8')) as { actions: { name: string }[] };
  return [...registry.actions.map((a) => a.name).sort(), 'cli'];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files a bundle is built from. */
export function bundleInputs(root: string, name: string): string[] {
  const folders =
    name === 'cli'
      ? ['src']
      : [
          join('src', 'actions', name),
          join('src', 'kernel'),
          join('src', 'github'),
          join('src', 'hosts', 'actions-runner'),
        ];
  const files = folders.flatMap((f) => filesUnder(join(root, f)));
  // The build's own inputs: tsconfig.json maps modules to the stand-ins of scripts/bundle-stubs/.
  files.push(...filesUnder(join(root, 'scripts', 'bundle-stubs')));
  for (const extra of ['package-lock.json', 'tsconfig.json', join('scripts', 'build.mjs')])
    if (existsSync(join(root, extra))) files.push(join(root, extra));
  return files.map((f) => relative(root, f)).sort();
}

function hashFiles(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The hashes a fresh build of `name` would be stamped with (output: undefined when the bundle is missing). */
export function currentStamp(root: string, name: string): { inputs: string; output?: string } {
  const bundle = join('dist', name, 'index.js');
  // index.js and the chunks beside it (the command line's subcommands, loaded by `import()`).
  const scripts = existsSync(join(root, bundle))
    ? readdirSync(join(root, 'dist', name))
        .filter((f) => f.endsWith('.js'))
        .sort()
        .map((f) => join('dist', name, f))
    : [];
  return {
    inputs: hashFiles(root, bundleInputs(root, name)),
    output: scripts.length ? hashFiles(root, scripts) : undefined,
  };
}

export function readStamps(root: string): Stamps {
  try {
    return JSON.parse(readFileSync(stampFile(root), 'utf8')) as Stamps;
  } catch {
    return {};
  }
}

export function writeStamps(root: string, stamps: Stamps): void {
  mkdirSync(dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), `${JSON.stringify(stamps, null, 2)}\n`);
}

/**
 * The bundles to rebuild: never built here (no stamp), their inputs changed since, or their output is not what that
 * build wrote (another commit checked out, a file edited by hand).
 */
export function staleBundles(root: string, stamps: Stamps = readStamps(root)): string[] {
  return bundleNames(root).filter((name) => {
    const stamp = stamps[name];
    const now = currentStamp(root, name);
    return !stamp || stamp.inputs !== now.inputs || stamp.output !== now.output;
  });
}
