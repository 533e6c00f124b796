// A process that runs one kind of job through the app's job queue (pg-boss on PostgreSQL), for the
// chaos test to kill mid-run. Each run records 'started' and, after WORK_MS, commits its effect
// ('done') with the job's id; the chaos test SIGKILLs it between the two. Env: DATABASE_URL, LEASE_MS,
// WORK_MS.
import { sql } from 'drizzle-orm';
import { createDb } from '#server/db/client.ts';
import { createJobQueue } from '#server/platform/jobs/index.ts';

const database = await createDb({ databaseUrl: process.env.DATABASE_URL, migrate: false });
const { db } = database;
const workMs = Number(process.env.WORK_MS ?? '1000');
// Looks for jobs whose process died every second (pg-boss's supervision; 10 s in the server).
const queue = createJobQueue(database, {
  superviseIntervalSeconds: 1,
  leaseMs: Number(process.env.LEASE_MS ?? '10000'),
});

const runner = queue.createRunner(
  [
    {
      kind: 'chaos',
      run: async (job) => {
        await db.execute(
          sql`insert into chaos_effects (job_id, pid, phase) values (${job.id}, ${process.pid}, 'started')`,
        );
        await new Promise((r) => setTimeout(r, workMs));
        await db.execute(
          sql`insert into chaos_effects (job_id, pid, phase) values (${job.id}, ${process.pid}, 'done')`,
        );
      },
    },
  ],
  { pollMs: 500 },
);
runner.start();
process.on(
  'SIGTERM',
  () =>
    void runner
      .stop()
      .then(() => queue.close())
      .then(() => database.close())
      .then(() => process.exit(0)),
);
