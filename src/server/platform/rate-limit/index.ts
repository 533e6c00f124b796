/**
 * The rate-limit feature's public face: the database store behind @fastify/rate-limit, fixed windows
 * for other keys (per account), exponential back-off after failures (log-in), and the per-client
 * limit a route names in its `config.rateLimit` (limitPerMinute, limitPerHour).
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
export { limitPerHour, limitPerMinute } from './rate-limit.route.ts';
