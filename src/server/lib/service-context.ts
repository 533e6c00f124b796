import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';

/**
 * What a service needs, and all it gets: a database handle (the pool, or the transaction a caller
 * is in), the clock rules are judged at, the configuration and a logger. Never the Fastify app, so
 * a service runs inside a caller's transaction (given `db: tx` with the same clock, config and
 * log) and in a job or a test alike.
 * The app has these four members, so a route passes it as it is.
 */
export type ServiceContext = {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * The public data version (plugins/public-cache.ts): it moves whenever any process commits a change
   * to data the public pages show. A service that keeps such data in memory rereads it then. Absent
   * outside a server (jobs and tests built without an app): memory is then trusted by time alone.
   */
  publicCache?: { readonly version: number };
};
