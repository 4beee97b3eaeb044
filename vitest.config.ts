import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A kind's own tests live in its folder, beside its cases.
    include: ['test/**/*.test.ts', 'lib/kinds/**/*.test.ts'],
    environment: 'node',
    // The run's own temporary folder, removed when it ends; and the run fails when a local server a test started
    // outlives it (and kills it).
    globalSetup: ['test/support/no-leftovers.ts', 'test/support/no-survivors.ts'],
    // Tests assert on responses and on captured log objects; the stdout copies are noise.
    env: { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_EC2_METADATA_DISABLED: 'true' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
