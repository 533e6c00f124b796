import type { FastifyInstance } from 'fastify';
import type { JobRunnerOptions } from '#server/platform/jobs/index.ts';
import { pruneBackoffs, pruneRateLimits } from '#server/platform/rate-limit/index.ts';
import { pruneLoginCodes, pruneTwoFactorChallenges } from '#server/modules/auth/index.ts';
import { refreshLiveTokenPrice } from '#server/modules/price/index.ts';
import { backfillPlacedDiscs } from '#server/modules/chips/index.ts';
import { autoDeliverShipments } from '#server/modules/orders/index.ts';
import {
  checkTokenPayments,
  reconcilePendingPayments,
  retryRefunds,
  sweepLapsedHoldsAndPayments,
} from '#server/flows/settlement/index.ts';
import { runNotificationDigests, runNotifications } from '#server/flows/social/index.ts';

/** A periodic task: payment reconciliation, price refresh, pruning. Each run must be safe to repeat. */
export type BackgroundTask = {
  name: string;
  everyMs: number;
  run: (app: FastifyInstance) => Promise<unknown>;
};

/**
 * Every periodic task; features add theirs here. Each is a recurring job (pg-boss on PostgreSQL, the
 * jobs table on PGlite), so with several processes it runs once per period in one of them. Tests call
 * `run` directly instead of waiting.
 */
export const BACKGROUND_TASKS: BackgroundTask[] = [
  { name: 'price', everyMs: 30_000, run: refreshLiveTokenPrice },
  { name: 'commerce-holds', everyMs: 60_000, run: sweepLapsedHoldsAndPayments },
  { name: 'refunds', everyMs: 60_000, run: retryRefunds },
  { name: 'payments-reconcile', everyMs: 60_000, run: reconcilePendingPayments },
  { name: 'token-payments', everyMs: 10_000, run: checkTokenPayments },
  // Shipments nobody confirmed are delivered autoDeliveryDays after shipping (decision 064).
  { name: 'auto-delivery', everyMs: 10 * 60_000, run: autoDeliverShipments },
  // Chips made before placed discs (decision 055) get theirs, a few a minute.
  { name: 'placed-discs', everyMs: 60_000, run: (app) => backfillPlacedDiscs(app) },
  // Follows, watches and saved searches (issue 31, decision 079): events fanned out after commit, then
  // their instant e-mails; the daily digest once a day per recipient.
  { name: 'notifications', everyMs: 2_000, run: runNotifications },
  { name: 'notification-digests', everyMs: 15 * 60_000, run: runNotificationDigests },
  {
    name: 'rate-limit-prune',
    everyMs: 10 * 60_000,
    run: async (app) =>
      (await pruneRateLimits(app.db)) +
      (await pruneBackoffs(app.db, app.clock())) +
      (await pruneLoginCodes(app.db, app.clock())) +
      (await pruneTwoFactorChallenges(app.db, app.clock())),
  },
];

/**
 * The mail outbox is a queue of its own: every process sends from it (claims skip rows another
 * process holds), polling this often when it is empty.
 */
const MAIL_POLL_MS = 1_000;

export type BackgroundOptions = { tasks?: BackgroundTask[]; jobs?: JobRunnerOptions; mailPollMs?: number };

/** Starts the job runner and the mail sender; returns a stop function that waits for work in progress. */
export function startBackgroundWork(app: FastifyInstance, options: BackgroundOptions = {}) {
  const tasks = options.tasks ?? BACKGROUND_TASKS;
  const runner = app.jobs.createRunner(
    tasks.map((task) => ({ kind: task.name, everyMs: task.everyMs, run: () => task.run(app) })),
    options.jobs,
  );
  runner.start();

  const mailPollMs = options.mailPollMs ?? MAIL_POLL_MS;
  const abort = new AbortController();
  let mailTimer: NodeJS.Timeout | null = null;
  let sending: Promise<unknown> = Promise.resolve();
  const sendMail = () => {
    if (abort.signal.aborted) return;
    sending = app.mailer
      .flush({ signal: abort.signal })
      .catch((err: unknown) => app.log.error({ err }, 'mail sending failed'))
      .finally(() => {
        if (!abort.signal.aborted) mailTimer = setTimeout(sendMail, mailPollMs);
      });
  };
  sendMail();

  return async () => {
    abort.abort();
    if (mailTimer) clearTimeout(mailTimer);
    await Promise.allSettled([runner.stop(), sending]);
  };
}
