/**
 * The rate-limit feature's public face: the database store behind @fastify/rate-limit, fixed windows
 * for other keys (per account) and exponential back-off after failures (log-in).
 */
export { createDbRateLimitStore, hitRateLimit, pruneRateLimits, spendAllowance } from './rate-limit.store.ts';
export {
  clearBackoff,
  findBackoffWait,
  LOGIN_BACKOFF,
  pruneBackoffs,
  recordBackoffFailure,
  type BackoffPolicy,
} from './rate-limit.backoff.ts';
