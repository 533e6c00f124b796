import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant (stryker.config.json, `npm run test:mutation`): the unit
 * tests beside the money and lifecycle rules it mutates. No database, no app: every mutated file is a
 * pure rule (docs/mutation-testing.md), so a mutant is judged in milliseconds. Not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: [
      'src/shared/pricing.test.ts',
      'src/shared/money.test.ts',
      'src/shared/input.test.ts',
      'src/server/lib/json-shape.test.ts',
      'src/server/plugins/input-guard.test.ts',
      'src/server/modules/chips/*.test.ts',
      'src/server/modules/orders/order-lifecycle.test.ts',
      'src/server/modules/offers/offer-lifecycle.test.ts',
      'src/server/modules/ledger/*.test.ts',
      'src/server/modules/nfc/sun*.test.ts',
      'src/server/flows/settlement/*.test.ts',
      'src/server/flows/payouts/*.test.ts',
    ],
    pool: 'forks',
    // Keep the default isolation: a static mutant (a module-level constant: a regex, a message table, the
    // offer transition table) is only applied when its module is imported again. With `isolate: false`
    // such mutants were reported as surviving without ever running (docs/mutation-testing.md).
    maxWorkers: 1,
    restoreMocks: true,
  },
});
