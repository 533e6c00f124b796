// `npm run bench:mail`: how fast the outbox empties into a local SMTP sink. Queues BENCH_MAIL_N list
// messages and then one verification e-mail in a fresh database (PGlite in a temporary DATA_DIR, or a
// new database on the server of DATABASE_URL, dropped at the end), then lets BENCH_MAIL_INSTANCES
// server instances (each its own connection pool and SMTP pool of SMTP_CONNECTIONS; more than one
// needs DATABASE_URL) flush it together, and reports messages per second and where the verification
// e-mail arrived. The sink (smtp-server) runs in this process too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { enqueueMail, enqueueMailBatch, type MailMessage } from '#server/platform/mail/mail.service.ts';
import { scratchDatabase } from './lib/scratch-database.ts';

const N = Number(process.env.BENCH_MAIL_N ?? '5000');
const INSTANCES = Number(process.env.BENCH_MAIL_INSTANCES ?? '1');
const CONNECTIONS = process.env.SMTP_CONNECTIONS ?? '5';
const baseUrl = process.env.DATABASE_URL;
if (INSTANCES > 1 && !baseUrl) {
  console.error('BENCH_MAIL_INSTANCES above 1 needs DATABASE_URL (PGlite is one process)');
  process.exit(2);
}

// The sink: counts messages and notes when the verification e-mail arrives.
let received = 0;
let verificationAt: { position: number; ms: number } | null = null;
let started = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received++;
      if (!verificationAt && /^Subject: Verify your e-mail/m.test(head))
        verificationAt = { position: received, ms: performance.now() - started };
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

const scratch = await scratchDatabase(baseUrl, 'artchip_bench_mail');
const databaseUrl = scratch.databaseUrl;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-mail-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  JOBS: 'false',
  SEED_DEMO: 'false',
  SMTP_URL: smtpUrl,
  SMTP_CONNECTIONS: CONNECTIONS,
});
const apps: App[] = [];
for (let i = 0; i < INSTANCES; i++) apps.push(await buildApp(config, { logger: false }));

const message = (i: number): MailMessage => ({
  to: `reader${i}@example.com`,
  subject: `Newsletter ${i}`,
  text: `Hello reader ${i}, here is what is new at Artchip. https://artchip.example/gallery`,
  html: `<p>Hello reader ${i}, here is <a href="https://artchip.example/gallery">what is new</a>.</p>`,
  template: 'newsletter',
  priority: 'bulk',
});
for (let from = 0; from < N; from += 1000) {
  await enqueueMailBatch(
    apps[0]!.db,
    Array.from({ length: Math.min(1000, N - from) }, (_, i) => message(from + i)),
  );
}
await enqueueMail(apps[0]!.db, {
  to: 'new-user@example.com',
  subject: 'Verify your e-mail',
  text: 'https://artchip.example/verify?token=x',
  html: '<p><a href="https://artchip.example/verify?token=x">Verify</a></p>',
  template: 'verify-email',
});

started = performance.now();
const sent = (await Promise.all(apps.map((app) => app.mailer.flush()))).reduce((a, b) => a + b, 0);
const seconds = (performance.now() - started) / 1000;

const v = verificationAt as { position: number; ms: number } | null;
console.log(
  [
    `database: ${baseUrl ? 'PostgreSQL' : 'PGlite'}, ${INSTANCES} instance(s) × ${CONNECTIONS} SMTP connections`,
    `sent ${sent} of ${N + 1} messages in ${seconds.toFixed(1)} s: ${Math.round(sent / seconds)} messages/s`,
    v
      ? `verification e-mail (queued last, behind ${N} list messages): arrived ${v.position}. after ${Math.round(v.ms)} ms`
      : 'verification e-mail: not received',
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  ].join('\n'),
);

for (const app of apps) await app.close();
await new Promise<void>((r) => sink.close(() => r()));
fs.rmSync(dataDir, { recursive: true, force: true });
await scratch.drop();
