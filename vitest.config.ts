import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn the bundles as child processes: keep the two-core machine responsive.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/vitest-report.json' }]] : ['default'],
  },
});
