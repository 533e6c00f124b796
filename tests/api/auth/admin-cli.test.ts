import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runAdminCli } from '#server/cli/admin.ts';
import { createDb } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';

const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-cli-'));

/** The environment of `npm run admin` on an embedded database in dataDir. */
function cliEnv(dataDir: string): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  return env;
}

/** Captures what the CLI prints. */
function captureOutput() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  return { out, err };
}

describe('npm run admin -- create', () => {
  it('creates, then updates, the admin in the embedded database', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    // The script itself, as `npm run admin` runs it.
    const created = spawnSync(
      process.execPath,
      ['src/server/cli/admin.ts', 'create', '--email', 'Cli@Example.com', '--password', 'cli-password-1'],
      { env: cliEnv(dataDir), encoding: 'utf8', timeout: 100_000 },
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/Created admin cli@example\.com/);

    const { out } = captureOutput();
    const code = await runAdminCli(
      ['create', '--email', 'cli@example.com', '--password', 'cli-password-2'],
      cliEnv(dataDir),
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/Updated admin cli@example\.com/);

    const database = await createDb({ dataDir });
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'cli@example.com', role: 'admin', isEmailVerified: true });
    } finally {
      await database.close();
    }
  });

  it('fails clearly while another process holds the embedded database', async () => {
    const dataDir = tempDataDir();
    // A live process other than this one: the parent of this test worker.
    fs.writeFileSync(path.join(dataDir, 'artchip.lock'), String(process.ppid));
    const { err } = captureOutput();
    const code = await runAdminCli(
      ['create', '--email', 'a@example.com', '--password', 'cli-password-1'],
      cliEnv(dataDir),
    );
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/in use by another process/);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it.each([
    [[], /Usage: npm run admin -- create/],
    [['delete'], /Unknown command "delete"/],
    [['create', '--email', 'a@example.com', '--bogus'], /Unknown option '--bogus'/],
    [['create', '--email', 'nope', '--password', 'cli-password-1'], /--email must be a valid email address/],
    [
      ['create', '--email', 'a@example.com', '--password', 'short'],
      /--password must be at least 8 characters/,
    ],
    [['create', '--email', 'a@example.com'], /--password is required/],
  ])('explains bad arguments %o', async (args, message) => {
    const { err } = captureOutput();
    expect(await runAdminCli(args, cliEnv(tempDataDir()))).toBe(2);
    expect(err.join('\n')).toMatch(message);
  });
});
