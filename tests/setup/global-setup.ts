import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, PGLITE_EXTENSIONS } from '#server/db/client.ts';
import { adminUrl, SNAPSHOT_DIR, snapshotFile, templateDbName, templatePrefix, TEST_DB_KIND } from './db.ts';

/** Migrates once per run: a PGlite snapshot, or a PostgreSQL template database each test file copies. */
export default async function globalSetup(): Promise<void> {
  if (TEST_DB_KIND === 'postgres') {
    const name = templateDbName();
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Old templates of earlier schemas are dropped so they do not pile up.
      const old = await admin.query('select datname from pg_database where datname like $1', [
        `${templatePrefix()}%`,
      ]);
      for (const r of old.rows as { datname: string }[])
        await admin.query(`drop database if exists ${r.datname}`);
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const database = await createDb({ databaseUrl: adminUrl(building) });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    await admin.end();
    return;
  }
  const file = snapshotFile();
  if (fs.existsSync(file)) return;
  fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await createDb({ pglite });
  const dump = await pglite.dumpDataDir('gzip');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
}
