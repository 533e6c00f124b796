import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from './mail.table.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  headers?: Record<string, string>;
};

/** Queues a message in the outbox; call it inside the transaction whose commit it reports. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    template: message.template,
    headers: message.headers ?? {},
  });
}

export type Mailer = {
  /** Sends due outbox messages; returns how many were sent. */
  flush: () => Promise<number>;
  close: () => void;
};

const MAX_ATTEMPTS = 6;

/** SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/mail plus a log line with the links. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const outboxDir = path.join(config.dataDir, 'mail');
  const transport: Transporter = config.mail.smtpUrl
    ? nodemailer.createTransport(config.mail.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function sendOne(row: typeof mailOutbox.$inferSelect): Promise<void> {
    const info = await transport.sendMail({
      from: config.mail.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
    });
    if (!config.mail.smtpUrl) {
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${String(row.id).padStart(6, '0')}-${row.template}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = row.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: row.to, subject: row.subject, file, links }, 'mail written to outbox folder');
    }
    return void (await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        attempts: row.attempts + 1,
        messageId: info.messageId ?? null,
      })
      .where(eq(mailOutbox.id, row.id)));
  }

  let running: Promise<number> | null = null;
  async function flushOnce(): Promise<number> {
    // A process that died mid-send leaves rows in 'sending'; after 5 minutes they are due again
    // (at-least-once: a message the crash had already handed to SMTP may go out twice).
    await db
      .update(mailOutbox)
      .set({ status: 'pending' })
      .where(
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.updatedAt, new Date(Date.now() - 5 * 60_000))),
      );
    // Claim due rows so that several server processes never send the same message twice.
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(mailOutbox.id))
        .limit(20)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ status: 'sending' })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    let sent = 0;
    for (const row of claimed) {
      try {
        await sendOne(row);
        sent++;
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        log.warn({ err, mailId: row.id, attempts }, 'mail send failed');
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            lastError: String((err as Error).message).slice(0, 500),
            // Exponential back-off: 30 s, 1 min, 2 min, ...
            nextAttemptAt: sql`now() + (${30 * 2 ** (attempts - 1)} * interval '1 second')`,
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return sent;
  }

  return {
    flush: () => {
      running ??= flushOnce().finally(() => {
        running = null;
      });
      return running;
    },
    close: () => transport.close(),
  };
}
