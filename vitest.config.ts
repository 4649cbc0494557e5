import { defineConfig } from 'vitest/config';

/**
 * Three projects, one runner:
 * - unit: pure functions and services against fakes (`*.test.ts` beside the code, tools/ included)
 * - api:  the whole server through `app.inject()` on a fresh database (`*.routes.test.ts`, `apps/server/test/`)
 * - e2e:  real Chromium through playwright-core against the built app (`e2e/*.spec.ts`)
 */
/**
 * Parallel e2e workers (each gets its own app server): 2, in CI too; E2E_WORKERS=1 runs the files one after
 * another. (CI ran one worker while the scheduler spec missed its manual run; the cause was a race in the
 * page, not the second worker — see e2e/README.md.)
 */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
/**
 * Unit and API files run in two forks: vitest's default is one fewer than the cores, which is a single fork on
 * the 2-core CI machine, while an API file mostly waits on its own PGlite (CPU in its fork) or PostgreSQL.
 */
const testWorkers = Number(process.env.TEST_WORKERS ?? 2);
if (!Number.isInteger(testWorkers) || testWorkers < 1) {
  throw new Error(`TEST_WORKERS must be a positive integer, got ${process.env.TEST_WORKERS}`);
}
if (!Number.isInteger(e2eWorkers) || e2eWorkers < 1) {
  throw new Error(`E2E_WORKERS must be a positive integer, got ${process.env.E2E_WORKERS}`);
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'docs/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: ['**/*.routes.test.ts', '**/node_modules/**'],
          maxWorkers: testWorkers,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The files of a fork share its module cache: each file builds its own app on its own database
          // (createTestApp), and no API test mocks a module. Isolated, every file imported the whole server
          // again — 40 % of the phase (instructions' files on PostgreSQL: 66 s → 41 s; 2026-11-27).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: testWorkers,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // axe-core on every page a test opens; serious or critical violations fail the test (e2e/README.md).
          setupFiles: ['e2e/support/a11y-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run in parallel, one app server per worker (global-setup starts `maxWorkers` servers, each
          // with its own database), so no two running files share data. E2E_WORKERS=1: one after another.
          maxWorkers: e2eWorkers,
          // Its own group: a project-level maxWorkers must not share a group with other projects' defaults.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
