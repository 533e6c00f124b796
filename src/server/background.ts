import type { FastifyInstance } from 'fastify';
import { pruneRateLimits } from '#server/features/rate-limit/index.ts';
import { refreshLiveTokenPrice } from '#server/features/price/index.ts';
import {
  checkTokenPayments,
  reconcilePendingPayments,
  retryRefunds,
  sweepLapsedHoldsAndPayments,
} from '#server/features/payments/index.ts';

/** A periodic task: mail sending, payment reconciliation, price refresh. Each run must be safe to repeat. */
export type BackgroundTask = {
  name: string;
  everyMs: number;
  run: (app: FastifyInstance) => Promise<unknown>;
};

/** Every periodic task; features add theirs here. Tests call `run` directly instead of waiting. */
export const BACKGROUND_TASKS: BackgroundTask[] = [
  { name: 'mail', everyMs: 3_000, run: (app) => app.mailer.flush() },
  { name: 'price', everyMs: 30_000, run: refreshLiveTokenPrice },
  { name: 'commerce-holds', everyMs: 60_000, run: sweepLapsedHoldsAndPayments },
  { name: 'refunds', everyMs: 60_000, run: retryRefunds },
  { name: 'payments-reconcile', everyMs: 60_000, run: reconcilePendingPayments },
  { name: 'token-payments', everyMs: 10_000, run: checkTokenPayments },
  { name: 'rate-limit-prune', everyMs: 10 * 60_000, run: (app) => pruneRateLimits(app.db) },
];

/** Starts the tasks on timers; returns a stop function that waits for runs in progress. */
export function startBackgroundWork(app: FastifyInstance, tasks: BackgroundTask[] = BACKGROUND_TASKS) {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  for (const task of tasks) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = task
        .run(app)
        .catch((err: unknown) => app.log.error({ err, task: task.name }, 'background task failed'))
        .finally(() => {
          busy = false;
          inFlight.delete(p);
        });
      inFlight.add(p);
    };
    timers.push(setInterval(tick, task.everyMs));
    setImmediate(tick);
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...inFlight]);
  };
}
