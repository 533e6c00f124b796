import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
      // Tests that need PostgreSQL itself (several server processes on one database): its pass only.
      ...(process.env.TEST_DB === 'postgres' ? ['tests/postgres/**/*.test.ts'] : []),
    ],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
