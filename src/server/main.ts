import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { bootstrap } from './bootstrap.ts';

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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Artchip is running at ${config.publicUrl} (database: ${app.database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
