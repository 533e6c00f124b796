import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { enqueueMail } from '#server/features/mail/mail.service.ts';
import { mailOutbox } from '#server/features/mail/mail.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';

type Received = { from: string; to: string[]; raw: string };

/** A local SMTP sink on a free 127.0.0.1 port; `reject` makes it refuse messages with a 451. */
async function startSmtpSink(options: { reject?: () => boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (options.reject?.()) {
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const MESSAGE = {
  to: 'reader@example.com',
  subject: 'Your Artchip order',
  text: 'Thanks! http://localhost:3000/my-orders',
  html: '<p>Thanks! <a href="http://localhost:3000/my-orders">Your orders</a></p>',
  template: 'test-message',
};

let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
afterEach(async () => {
  await sink?.close();
  sink = null;
});

describe('the mail outbox', () => {
  it('sends queued mail over SMTP after commit, with text and HTML bodies, once', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Artchip <hello@artchip.test>' },
    });
    await app.db.transaction(async (tx) => enqueueMail(tx, MESSAGE));
    expect(await app.mailer.flush()).toBe(1);
    expect(await app.mailer.flush()).toBe(0);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ from: 'hello@artchip.test', to: ['reader@example.com'] });
    expect(sink.received[0]!.raw).toContain('Subject: Your Artchip order');
    expect(sink.received[0]!.raw).toContain('text/plain');
    expect(sink.received[0]!.raw).toContain('text/html');
    const [row] = await app.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('sends nothing that a rolled-back transaction queued', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({ env: { SMTP_URL: sink.url } });
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueMail(tx, MESSAGE);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.mailer.flush()).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it('keeps a refused message, retries it with back-off, and sends it when the server recovers', async () => {
    let refusing = true;
    sink = await startSmtpSink({ reject: () => refusing });
    const app = await buildTestApp({ env: { SMTP_URL: sink.url } });
    await enqueueMail(app.db, MESSAGE);
    expect(await app.mailer.flush()).toBe(0);
    const [failed] = await app.db.select().from(mailOutbox);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/Try again later/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    refusing = false;
    expect(await app.mailer.flush()).toBe(0); // not due yet
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, failed!.id));
    expect(await app.mailer.flush()).toBe(1);
    expect(sink.received).toHaveLength(1);
    const [sent] = await app.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('writes .eml files to DATA_DIR/mail when no SMTP server is configured', async () => {
    const app = await buildTestApp();
    await enqueueMail(app.db, MESSAGE);
    expect(await app.mailer.flush()).toBe(1);
    const dir = path.join(app.config.dataDir, 'mail');
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: reader@example.com');
    expect(eml).toContain('Subject: Your Artchip order');
  });

  it('takes back messages a crashed sender left half-sent', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({ env: { SMTP_URL: sink.url } });
    await enqueueMail(app.db, MESSAGE);
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(mailOutbox.to, MESSAGE.to));
    expect(await app.mailer.flush()).toBe(1);
    expect(sink.received).toHaveLength(1);
  });
});
