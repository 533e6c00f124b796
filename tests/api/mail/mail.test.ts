import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enqueueMail, enqueueMailBatch, type MailMessage } from '#server/platform/mail/mail.service.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts';

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

// Issue 14 finding 6: the outbox kept up with neither load nor urgency. It now sends over several SMTP
// connections at once, most urgent first, and claims batch by batch, so urgent mail queued while list
// mail is going out goes in the next batch.
const listMail = (n: number, from = 0): MailMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    ...MESSAGE,
    to: `reader${from + i}@example.com`,
    subject: `Newsletter ${from + i}`,
    template: 'newsletter',
    priority: 'bulk' as const,
  }));

const verification: MailMessage = {
  ...MESSAGE,
  to: 'new-user@example.com',
  subject: 'Verify your e-mail',
  template: 'verify-email',
};

describe('mail priority and concurrency', () => {
  it('files transactional templates first, notifications next, list mail last', async () => {
    const app = await buildTestApp();
    await enqueueMailBatch(app.db, listMail(1));
    await enqueueMail(app.db, { ...MESSAGE, template: 'chip-sold' });
    await enqueueMail(app.db, verification);
    const rows = await app.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => r.priority)).toEqual([9, 5, 0]);
  });

  it('sends a verification e-mail queued behind thousands of list messages first', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({ env: { SMTP_URL: sink.url } });
    await enqueueMailBatch(app.db, listMail(2000));
    await enqueueMail(app.db, { ...MESSAGE, template: 'order-refunded', subject: 'Refunded' });
    await enqueueMail(app.db, verification);
    expect(await app.mailer.flush()).toBe(2002);
    expect(sink.received.map((m) => m.subject).slice(0, 2)).toEqual(['Verify your e-mail', 'Refunded']);
    expect(new Set(sink.received.map((m) => m.to[0])).size).toBe(2002);
  });

  it('sends a verification e-mail queued while thousands of list messages go out in the next batch', async () => {
    let queued: Promise<number> | null = null;
    sink = await startSmtpSink({
      onMessage: () => {
        // Once list mail is flowing, someone signs up; note how much had arrived when that committed.
        if (sink!.received.length !== 100) return;
        queued = enqueueMail(app.db, verification).then(() => sink!.received.length);
      },
    });
    const app = await buildTestApp({ env: { SMTP_URL: sink.url, SMTP_CONNECTIONS: '5' } });
    await enqueueMailBatch(app.db, listMail(3000));
    expect(await app.mailer.flush()).toBe(3001);
    const arrivedBefore = await queued!;
    const position = sink.received.findIndex((m) => m.subject === 'Verify your e-mail');
    // At most the batch being sent and one already claimed (5 connections × 10) were ahead of it.
    expect(position).toBeGreaterThanOrEqual(arrivedBefore);
    expect(position).toBeLessThanOrEqual(arrivedBefore + 100);
    expect(sink.received.length - position).toBeGreaterThan(2500);
  });

  it('sends over several SMTP connections at once', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({ env: { SMTP_URL: sink.url, SMTP_CONNECTIONS: '4' } });
    await enqueueMailBatch(app.db, listMail(200));
    expect(await app.mailer.flush()).toBe(200);
    const sessions = new Set(sink.received.map((m) => m.session));
    expect(sessions.size).toBeGreaterThan(1);
    expect(sessions.size).toBeLessThanOrEqual(4);
    const rows = await app.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.messageId)).toBe(true);
  });

  it('stops between batches when told to, leaving the rest queued', async () => {
    sink = await startSmtpSink();
    const app = await buildTestApp({ env: { SMTP_URL: sink.url, SMTP_CONNECTIONS: '1' } });
    await enqueueMailBatch(app.db, listMail(30));
    const abort = new AbortController();
    abort.abort();
    expect(await app.mailer.flush({ signal: abort.signal })).toBe(0);
    expect(await app.mailer.flush()).toBe(30);
  });
});
