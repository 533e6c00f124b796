/**
 * The rate-limit feature's public face: the database store behind @fastify/rate-limit.
 */
export { createDbRateLimitStore, pruneRateLimits } from './rate-limit.store.ts';
