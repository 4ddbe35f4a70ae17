// Vitest global setup of the projects that run the bundles (e2e, security, service): rebuilds every bundle in dist/
// whose sources changed since it was last built here, so that a test never runs old code after an edit of src/
// (in watch mode, again before each rerun). Nothing changed: hashing the sources only (tens of milliseconds). The
// build is the repository's own (`scripts/build.mjs`), so `npm run check-dist` still compares dist/ with a fresh
// build. A bundle never built here (no stamp under node_modules/.cache) is rebuilt once.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { currentStamp, readStamps, staleBundles, writeStamps } from './bundle-freshness';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function rebuildStaleBundles(): string[] {
  const stamps = readStamps(root);
  const stale = staleBundles(root, stamps);
  if (stale.length === 0) return [];
  console.log(`Rebuilding ${stale.join(', ')} in dist/ (sources changed since the last build)…`);
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), ...stale], { cwd: root, stdio: 'inherit' });
  for (const name of stale) {
    const now = currentStamp(root, name);
    if (now.output) stamps[name] = { inputs: now.inputs, output: now.output };
  }
  writeStamps(root, stamps);
  return stale;
}

export default function setup(project: TestProject): void {
  rebuildStaleBundles();
  project.onTestsRerun(() => {
    rebuildStaleBundles();
  });
}
