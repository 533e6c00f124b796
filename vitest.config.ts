import { defineConfig } from 'vitest/config';

/**
 * Three projects. Unit and component tests beside the code run isolated (each file in a fresh module
 * graph: component tests set up jsdom). The API tests share one module graph per worker
 * (`isolate: false`): each file builds its own app on its own database, the server keeps no state in
 * modules, and loading the server's ~700 modules once per worker instead of once per file saves about
 * 3 s per file (110 files per run). The one API test that mocks a module (fastify, to collect the route
 * table) runs isolated on its own.
 */
const ISOLATED_API_TESTS = ['tests/api/admin/authorization.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    restoreMocks: true,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'tests/api/**/*.test.ts',
            // Tests that need PostgreSQL itself (several server processes on one database): its pass only.
            ...(process.env.TEST_DB === 'postgres' ? ['tests/postgres/**/*.test.ts'] : []),
          ],
          exclude: ISOLATED_API_TESTS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: ISOLATED_API_TESTS } },
    ],
  },
});
