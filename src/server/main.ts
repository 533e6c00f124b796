import path from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.ts';
import { buildApp, type App } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { bootstrap } from './bootstrap.ts';
import { getPaymentRegistry } from '#server/features/payments/index.ts';
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

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  await bootstrap(app);
  const stopBackground = config.jobs ? startBackgroundWork(app) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop background work first, then close: Fastify stops accepting and waits for in-flight requests,
    // then onClose closes the database, so no committed write is lost.
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await stopBackground();
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
