import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/setup/build-web.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A committed `.only` must never hide the rest of the suite on CI.
    allowOnly: !process.env.CI,
  },
});
