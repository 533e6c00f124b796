/**
 * A route's per-client limit, as @fastify/rate-limit reads it from the route's `config.rateLimit`
 * (one client: an IPv4 address or an IPv6 /64, app.ts). Off (`false`) with RATE_LIMIT=false, like
 * every other allowance. One place for the shape, so routes name only their numbers.
 */
export type RouteRateLimit = { max: number; timeWindow: string } | false;

type RateLimitSwitch = { rateLimit: boolean };

/** At most `max` requests a minute from one client. */
export function limitPerMinute(config: RateLimitSwitch, max: number): RouteRateLimit {
  return config.rateLimit ? { max, timeWindow: '1 minute' } : false;
}

/** At most `max` requests an hour from one client. */
export function limitPerHour(config: RateLimitSwitch, max: number): RouteRateLimit {
  return config.rateLimit ? { max, timeWindow: '1 hour' } : false;
}
