import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardedValidatorCompiler } from './plugins/input-guard.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './config.ts';
import { createDb, type Database, type Db } from './db/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { hasViewerSession, registerAuth } from './plugins/auth.ts';
import { SessionLookups } from '#server/modules/auth/index.ts';
import { registerAccountRateLimit, RATE_LIMITED_MESSAGE } from './plugins/account-rate-limit.ts';
import { registerRequestPolicy } from './plugins/request-policy.ts';
import { PublicCache, registerPublicCache } from './plugins/public-cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { consolePrettyLogging, redactUrl } from './lib/log-format.ts';
import { clientNetworkKey } from './lib/client-network.ts';
import { createMailer, type Mailer } from '#server/platform/mail/index.ts';
import { createJobQueue, type JobQueue } from '#server/platform/jobs/index.ts';
import { registerFeatureRoutes } from './routes.ts';
import type { SpaOptions } from './platform/spa/index.ts';
import { AppError } from './lib/app-error.ts';
import { createDbRateLimitStore } from '#server/platform/rate-limit/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    clock: Clock;
    mailer: Mailer;
    /** Background jobs: pg-boss on PostgreSQL, the jobs table on PGlite (platform/jobs). */
    jobs: JobQueue;
    /** Anonymous answers of the public read routes (plugins/public-cache.ts). */
    publicCache: PublicCache;
    /** Every route with its schema, as registered (the fuzz test walks it). */
    routeTable: RegisteredRoute[];
  }
}

export type BuildAppOptions = {
  /** A prepared database (tests share a migrated one); otherwise one is opened from config. */
  database?: Database;
  pglite?: PGlite;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove secrets are never logged). */
  logStream?: { write: (line: string) => void };
  /** Where the built web app and its page renderer come from (dist/ by default; see spa.routes.ts). */
  spa?: SpaOptions;
};

export type App = FastifyInstance;

/** A route as registered: method, URL pattern and the zod schemas it validates with. */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
};

/** Builds the whole server from a typed config; never listens (main.ts does). */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  // A caller's stream gets pino's JSON lines as they are (tests parse them); the console gets
  // readable lines on a terminal unless LOG_FORMAT or NODE_ENV=production asks for JSON.
  const pretty = options.logStream ? undefined : consolePrettyLogging(config.logFormat);
  const logStream = options.logStream ?? pretty?.stream;
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.metaReadKey',
              '*.fileReadKey',
            ],
            serializers: {
              // Fastify's own fields, with one-time tokens in query strings hidden (redactUrl).
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
              ...(pretty ? { res: pretty.serializeReply } : {}),
            },
            ...(pretty ? { hooks: pretty.hooks } : {}),
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Closing waits for in-flight requests; new connections are refused meanwhile.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  registerJsonBodyParser(app);
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });

  const database =
    options.database ??
    (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pglite: options.pglite }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('mailer', createMailer(config, database.db, app.log));
  app.decorate('jobs', createJobQueue(database, { log: app.log }));
  app.addHook('onClose', async () => {
    app.mailer.close();
    await app.jobs.close();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  // First of the onRequest hooks: request.cookies is read by the request policy, the cache and auth.
  await app.register(cookie);
  registerSecurityHeaders(app, config);
  // Origin, body type and proxy checks come before anything reads a session or a body.
  registerRequestPolicy(app);
  await app.register(rateLimit, {
    global: false,
    store: createDbRateLimitStore(database.db),
    // One client is an IPv4 address or an IPv6 /64 (lib/client-network.ts), as for every per-client
    // allowance; said here rather than left to the plugin's default so they cannot drift apart.
    keyGenerator: (request) => clientNetworkKey(request.ip),
    // A database hiccup must not lock everyone out: the request goes through unlimited.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 12, fields: 40 } });
  // Before auth: an anonymous hit answers without looking up a session.
  app.decorate('publicCache', new PublicCache({ now: () => app.clock().getTime() }));
  app.decorate('sessionLookups', new SessionLookups());
  await registerPublicCache(app, app.publicCache, {
    hasSession: (request) => hasViewerSession(app, request),
    onSessionsChanged: () => app.sessionLookups.clear(),
  });
  registerAuth(app);
  registerAccountRateLimit(app);

  await registerFeatureRoutes(app, options.spa);

  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
  return app;
}
