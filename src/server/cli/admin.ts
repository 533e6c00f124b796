// `npm run admin -- create --email admin@example.com --password '…'`: creates the admin account, or
// makes an existing account with that e-mail an admin with this password. It opens the configured
// database (DATABASE_URL, else the embedded one under DATA_DIR). The embedded database takes a lock,
// so while a server runs on the same DATA_DIR this stops with a message instead of corrupting it.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDb, type Database } from '#server/db/client.ts';
import { ensureAdmin } from '#server/modules/auth/index.ts';

const USAGE = 'Usage: npm run admin -- create --email <email> --password <password (8+ characters)>';

const CreateArgsSchema = z.object({
  email: z.email('--email must be a valid email address'),
  password: z.string('--password is required').min(8, '--password must be at least 8 characters'),
});

/** Runs the CLI with these arguments and environment; returns the process exit code. */
export async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create') {
    console.error(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
    return 2;
  }
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const args = CreateArgsSchema.safeParse(values);
  if (!args.success) {
    console.error(`${args.error.issues.map((i) => i.message).join('\n')}\n${USAGE}`);
    return 2;
  }

  let database: Database;
  try {
    const config = loadConfig(env);
    database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    console.error(
      err instanceof ConfigError ? err.message : `Cannot open the database: ${(err as Error).message}`,
    );
    return 1;
  }
  try {
    const { user, isNew } = await ensureAdmin(database.db, args.data);
    console.log(`${isNew ? 'Created' : 'Updated'} admin ${user.email} (username ${user.username}).`);
    return 0;
  } catch (err) {
    console.error(`Could not create the admin: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
