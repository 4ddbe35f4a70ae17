// The externals check of scripts/build.mjs: a bundle may leave external (import at run time from node_modules)
// only Node's own modules and the package's production dependencies, the packages an installation made with
// `npm install --omit=dev` (the release tarball, the Docker image) has. Anything else would be found only in a
// development clone: the bundle would start there and nowhere else.
import { builtinModules } from 'node:module';

/** The package an import names (`@scope/name/sub` → `@scope/name`, `node:fs` → `fs`, `fs/promises` → `fs`). */
export function packageOf(request) {
  const bare = request.replace(/^node:/, '');
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The externals webpack recorded in ncc's stats (`--stats-out`: modules named `external [type ]"x"`), anywhere. */
export function externalsOf(stats) {
  const found = new Set();
  const visit = (modules) => {
    for (const m of modules ?? []) {
      const named = /^external (?:[\w-]+ )?"([^"]+)"$/.exec(m.identifier ?? '');
      if (named) found.add(named[1]);
      visit(m.modules);
    }
  };
  visit(stats.modules);
  for (const chunk of stats.chunks ?? []) visit(chunk.modules);
  return [...found].sort();
}

/** The externals of `stats` that neither Node nor `pkg`'s production (or optional) dependencies provide. */
export function forbiddenExternals(stats, pkg) {
  const allowed = new Set([
    ...builtinModules,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
  ]);
  return externalsOf(stats).filter((request) => !allowed.has(packageOf(request)));
}
