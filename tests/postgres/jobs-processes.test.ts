// Issue 14 findings 6 and 8 on one PostgreSQL shared by two server instances (each its own connection
// pools and its own pg-boss, as two processes would have): a recurring job runs once per period, not
// once per instance, and the mail outbox is shared, each message sent once.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import type { Job, JobRunner } from '#server/platform/jobs/index.ts';
import { enqueueMailBatch } from '#server/platform/mail/mail.service.ts';
import { adminUrl } from '#tests/setup/db.ts';
import { testConfig } from '#tests/helpers/app.ts';
import { createPgDatabase, dropPgDatabase } from '#tests/helpers/processes.ts';
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts';

const dbName = `artchip_jobs_${crypto.randomBytes(4).toString('hex')}`;
const apps: App[] = [];
const runners: JobRunner[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;

async function twoInstances(env: Record<string, string> = {}): Promise<[App, App]> {
  const config = () => testConfig({ DATABASE_URL: adminUrl(dbName), ...env });
  const [a, b] = await Promise.all([
    buildApp(config(), { logger: false }),
    buildApp(config(), { logger: false }),
  ]);
  apps.push(a, b);
  return [a, b];
}

afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  for (const app of apps) await app.close();
  await sink?.close();
  await dropPgDatabase(dbName);
});

describe('two server instances on one PostgreSQL', () => {
  it('run a recurring job once per period between them, never both at once', async () => {
    await createPgDatabase(dbName);
    const [a, b] = await twoInstances();
    type Run = { by: string; slot: string; start: number; end: number };
    const runs: Run[] = [];
    const handler = (by: string) => ({
      kind: 'heartbeat',
      everyMs: 150,
      run: async (job: Job) => {
        const start = performance.now();
        // Work that takes a while, so the other instance polls while it runs.
        await new Promise((r) => setTimeout(r, 40));
        runs.push({ by, slot: job.runAt.toISOString(), start, end: performance.now() });
      },
    });
    for (const [app, name] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      expect(app.jobs.backend).toBe('pg-boss');
      const runner = app.jobs.createRunner([handler(name)], { pollMs: 500 });
      runners.push(runner);
      runner.start();
    }
    while (runs.length < 12) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(runners.map((r) => r.stop()));

    // Each period (the time its job was due) ran once, and runs never overlapped.
    const slots = runs.map((r) => r.slot);
    expect(new Set(slots).size).toBe(slots.length);
    const sorted = [...runs].sort((x, y) => x.start - y.start);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  }, 60_000);

  it('share the mail outbox: every message is sent once, by one or the other', async () => {
    sink = await startSmtpSink();
    const [a, b] = await twoInstances({ SMTP_URL: sink.url, SMTP_CONNECTIONS: '3' });
    await enqueueMailBatch(
      a.db,
      Array.from({ length: 1000 }, (_, i) => ({
        to: `reader${i}@example.com`,
        subject: `Newsletter ${i}`,
        text: 'News',
        html: '<p>News</p>',
        template: 'newsletter',
        priority: 'bulk' as const,
      })),
    );
    const [sentByA, sentByB] = await Promise.all([a.mailer.flush(), b.mailer.flush()]);
    expect(sentByA + sentByB).toBe(1000);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);
    expect(sink.received).toHaveLength(1000);
    expect(new Set(sink.received.map((m) => m.to[0])).size).toBe(1000);
  }, 60_000);
});
