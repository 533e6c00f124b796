import { defineConfig } from 'vitest/config';

// `npm run test:chaos`: tests that kill processes on purpose (PostgreSQL at TEST_DATABASE_URL, by
// default postgres://postgres@127.0.0.1:5432/postgres). Not part of `npm test`.
export default defineConfig({
  test: {
    include: ['tests/chaos/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
