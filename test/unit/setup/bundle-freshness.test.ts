// Which bundles the e2e setup rebuilds (test/setup/bundle-freshness.ts): by the layering of src/, an edit of an
// action's folder makes that bundle and the command line stale, an edit of the kernel, src/github or the runner's host every bundle, an edit
// of a test none; a bundle changed behind the stamp's back (a checkout) is stale too.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleNames, currentStamp, staleBundles, type Stamps } from '../../setup/bundle-freshness';

function repository(): { root: string; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'bundles-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const name of ['alpha', 'beta']) {
    write(`actions/${name}/action.yml`, 'name: x\n');
    write(`src/actions/${name}/main.ts`, `// ${name}\n`);
    write(`dist/${name}/index.js`, `// built ${name}\n`);
  }
  write('actions/docs-only/README.md', 'not in the registry\n');
  write('src/actions/actions.json', JSON.stringify({ actions: [{ name: 'beta' }, { name: 'alpha' }] }));
  write('src/hosts/actions-runner/run.ts', '// the runner host\n');
  write('src/kernel/sequence.ts', '// kernel\n');
  write('src/github/client/client.ts', '// client\n');
  write('src/hosts/service/serve.ts', '// service\n');
  write('src/hosts/cli/main.ts', '// cli\n');
  write('dist/cli/index.js', '// built cli\n');
  write('package-lock.json', '{}\n');
  write('scripts/build.mjs', '// build\n');
  write('scripts/bundle-stubs/cosmiconfig.ts', '// stub\n');
  write('tsconfig.json', '{}\n');
  write('dist/cli/42.index.js', '// a chunk of the cli\n');
  write('test/e2e/x.test.ts', '// a test\n');
  return { root, write };
}

function stamped(root: string): Stamps {
  return Object.fromEntries(
    bundleNames(root).map((name) => {
      const { inputs, output } = currentStamp(root, name);
      return [name, { inputs, output: output ?? '' }];
    }),
  );
}

describe('stale bundles', () => {
  it("finds the bundles as the build does: the registry's actions, then the command line", () => {
    expect(bundleNames(repository().root)).toEqual(['alpha', 'beta', 'cli']);
  });

  it('every bundle without a stamp is stale; none right after stamping', () => {
    const { root } = repository();
    expect(staleBundles(root, {})).toEqual(['alpha', 'beta', 'cli']);
    expect(staleBundles(root, stamped(root))).toEqual([]);
  });

  it.each([
    { what: "an action's own source", path: 'src/actions/alpha/plan.ts', stale: ['alpha', 'cli'] },
    { what: "an action's domain module", path: 'src/actions/alpha/domain/rule.ts', stale: ['alpha', 'cli'] },
    { what: "the Actions runner's host", path: 'src/hosts/actions-runner/run.ts', stale: ['alpha', 'beta', 'cli'] },
    { what: 'the kernel', path: 'src/kernel/sequence.ts', stale: ['alpha', 'beta', 'cli'] },
    { what: 'the client', path: 'src/github/client/new-stage.ts', stale: ['alpha', 'beta', 'cli'] },
    { what: 'the service (only the command line bundles it)', path: 'src/hosts/service/serve.ts', stale: ['cli'] },
    { what: 'the lock file', path: 'package-lock.json', stale: ['alpha', 'beta', 'cli'] },
    { what: 'the build script', path: 'scripts/build.mjs', stale: ['alpha', 'beta', 'cli'] },
    { what: 'tsconfig.json (its paths map modules)', path: 'tsconfig.json', stale: ['alpha', 'beta', 'cli'] },
    { what: 'a bundle-time stub', path: 'scripts/bundle-stubs/cosmiconfig.ts', stale: ['alpha', 'beta', 'cli'] },
    { what: 'a test', path: 'test/e2e/x.test.ts', stale: [] },
    { what: 'a bundle itself (another commit checked out)', path: 'dist/beta/index.js', stale: ['beta'] },
    { what: "a chunk of the command line's bundle", path: 'dist/cli/42.index.js', stale: ['cli'] },
  ])('an edit of $what makes $stale stale', ({ path, stale }) => {
    const { root, write } = repository();
    const stamps = stamped(root);
    write(path, '// edited\n');
    expect(staleBundles(root, stamps)).toEqual(stale);
  });
});
