import { defineConfig } from 'vitest/config';

/**
 * Three projects, one runner:
 * - unit: pure functions and services against fakes (`*.test.ts` beside the code)
 * - api:  the whole server through `app.inject()` on a fresh database (`*.routes.test.ts`, `apps/server/test/`)
 * - e2e:  real Chromium through playwright-core against the built app (`e2e/*.spec.ts`)
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.routes.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
