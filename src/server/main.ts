import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError, type Config } from './config.ts';
import { buildApp, type App } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { bootstrap } from './bootstrap.ts';
import { getPaymentRegistry } from '#server/modules/payments/index.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/settings.schemas.ts';

const METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'card',
  paypal: 'PayPal',
  artchip: '$ARTCHIP token',
};

/** Where a URL points, without its user name or password. */
function hostOf(url: string): string {
  const u = new URL(url);
  return u.port ? `${u.hostname}:${u.port}` : u.hostname;
}

function describeDatabase(config: Config, app: App): string {
  if (app.database.kind === 'postgres' && config.databaseUrl) {
    const name = new URL(config.databaseUrl).pathname.replace(/^\//, '') || '(default)';
    return `database: PostgreSQL, database ${name} on ${hostOf(config.databaseUrl)}`;
  }
  return `database: embedded PGlite, data in ${path.join(config.dataDir, 'db')}`;
}

function describePayments(config: Config, app: App): string {
  const registry = getPaymentRegistry(app);
  const parts = PAYMENT_METHODS.map((method) => {
    const provider = registry.providerFor(method);
    const name = METHOD_NAMES[method];
    if (!provider) return `${name} unavailable`;
    if (provider.mode === 'demo') return `${name} demo`;
    if (provider.name === 'stripe')
      return `${name} live via Stripe${config.stripe?.secretKey.startsWith('sk_test_') ? ' (test keys)' : ''}`;
    if (provider.name === 'paypal') return `${name} live via PayPal (${config.paypal?.env ?? 'sandbox'})`;
    if (provider.name === 'solana') return `${name} live via Solana Pay`;
    return `${name} live via ${provider.name}`;
  });
  const modes = new Set(PAYMENT_METHODS.map((m) => registry.providerFor(m)?.mode ?? 'off'));
  if (modes.size === 1 && modes.has('demo'))
    return 'payments: demo only, no real money moves (no Stripe, PayPal or Solana keys set)';
  if (!modes.has('live')) return `payments: none can be taken (${parts.join(', ')})`;
  return `payments: ${parts.join(', ')}`;
}

function describeMail(config: Config): string {
  if (config.mail.smtpUrl) return `mail: sent through SMTP at ${hostOf(config.mail.smtpUrl)}`;
  return `mail: not sent; written as .eml files to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send)`;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this primary process migrates and bootstraps once, then
 * runs that many workers sharing the port (node's cluster). Every worker runs background work: pg-boss
 * hands each due job to one of them, and the mail outbox is shared by claims; a worker that dies is
 * replaced; SIGTERM/SIGINT stop every worker gracefully.
 */
async function runPrimary(config: Config): Promise<void> {
  const setup = await buildApp(config, { logger: false });
  await bootstrap(setup);
  await setup.close();
  // Workers run this file itself, however the primary was started (npm start runs scripts/start.ts).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ ARTCHIP_WORKER: String(index) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`worker ${index} exited (${signal ?? code}); starting another`);
      setTimeout(() => fork(index), 1000).unref();
    });
  };
  for (let i = 1; i <= config.webConcurrency; i++) fork(i);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config);
  // A cluster worker: the primary bootstrapped; only worker 1 prints the summary.
  const workerIndex = cluster.isWorker ? Number(process.env.ARTCHIP_WORKER ?? '1') : 1;
  const isFirst = workerIndex === 1;
  const app = await buildApp(config);
  if (!cluster.isWorker) await bootstrap(app);
  const stopBackground = config.jobs ? startBackgroundWork(app) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop background work first, then close: Fastify stops accepting and waits for in-flight requests,
    // then onClose closes the database, so no committed write is lost.
    // Under the 30 s an orchestrator (Kubernetes, systemd) waits before SIGKILL.
    let stage = 'stopping background work';
    const timer = setTimeout(() => {
      app.log.error(`shutdown took too long while ${stage}; exiting`);
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await stopBackground();
      stage = 'finishing in-flight requests and closing the database';
      // A keep-alive connection whose request was still running when closing began becomes idle only
      // after its answer; Node closes idle connections once, at the start, so keep closing them.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (!isFirst) return;
  if (cluster.isWorker) app.log.info(`${config.webConcurrency} server processes share the port`);
  app.log.info(describeDatabase(config, app));
  app.log.info(describePayments(config, app));
  app.log.info(describeMail(config));
  app.log.info(
    `Artchip is running at ${config.publicUrl} (listening on ${address}, database: ${app.database.kind})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
