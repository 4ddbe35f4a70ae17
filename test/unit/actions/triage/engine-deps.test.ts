// The engine must be reusable unchanged by a webhook receiver: nothing it loads at runtime may need
// @actions/core (the action's wiring lives in src/actions/triage/run.ts and main.ts; both hosts run the steps of steps.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const target = [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
      if (target) visit(target);
    }
  };
  visit(resolve(entry));
  return { files: [...files], packages: [...packages].sort() };
}

describe('triage engine dependencies', () => {
  it('loads neither @actions/core nor the action wiring', () => {
    const graph = runtimeGraph('src/actions/triage/domain/engine.ts');
    expect(graph.packages).not.toContain('@actions/core');
    expect(graph.files.some((f) => /src\/triage\/(run|main|report|load-config)\.ts$/.test(f))).toBe(false);
    expect(graph.files.length).toBeGreaterThan(10);
  });

  it('the action wiring does use @actions/core (the check sees it)', () => {
    expect(runtimeGraph('src/actions/triage/run.ts').packages).toContain('@actions/core');
  });
});
