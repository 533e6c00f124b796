import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { MAIL_PRIORITY, type MailPriority, mailOutbox } from './mail.table.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  headers?: Record<string, string>;
  /** How soon it goes out; by default from the template (TRANSACTIONAL_TEMPLATES), else 'normal'. */
  priority?: MailPriority;
};

/** Mail someone is waiting for right now: sent before any other queued mail. */
const TRANSACTIONAL_TEMPLATES: ReadonlySet<string> = new Set([
  'verify-email',
  'set-password',
  'order-confirmation',
  'email-list-confirm',
]);

function priorityOf(message: Pick<MailMessage, 'template' | 'priority'>): number {
  const kind =
    message.priority ?? (TRANSACTIONAL_TEMPLATES.has(message.template) ? 'transactional' : 'normal');
  return MAIL_PRIORITY[kind];
}

/** Queues a message in the outbox; call it inside the transaction whose commit it reports. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await enqueueMailBatch(db, [message]);
}

/** Queues many messages in one insert (list mail). */
export async function enqueueMailBatch(db: Db, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(mailOutbox).values(
    messages.map((message) => ({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      template: message.template,
      headers: message.headers ?? {},
      priority: priorityOf(message),
    })),
  );
}

export type Mailer = {
  /**
   * Sends due outbox messages, most urgent first, batch after batch until none is due (or the signal
   * aborts between batches); returns how many were sent.
   */
  flush: (options?: { signal?: AbortSignal }) => Promise<number>;
  close: () => void;
};

const MAX_ATTEMPTS = 6;
/** Messages claimed per batch and per SMTP connection: a batch keeps every connection busy. */
const PER_CONNECTION = 10;

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * SMTP when SMTP_URL is set, over a pool of SMTP_CONNECTIONS connections; otherwise .eml files in
 * DATA_DIR/mail plus a log line with the links.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const outboxDir = path.join(config.dataDir, 'mail');
  const connections = config.mail.smtpUrl ? config.mail.connections : 1;
  const transport: Transporter = config.mail.smtpUrl
    ? nodemailer.createTransport({
        url: config.mail.smtpUrl,
        pool: true,
        maxConnections: connections,
        maxMessages: Infinity,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const batchSize = connections * PER_CONNECTION;

  /** Hands one message to SMTP (or the folder); answers its Message-ID. */
  async function deliver(row: OutboxRow): Promise<string | null> {
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
    return info.messageId ?? null;
  }

  /** Claims the most urgent due rows; several processes never claim the same one (SKIP LOCKED). */
  function claimBatch(): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(mailOutbox.priority), asc(mailOutbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'sending' })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      return rows.sort((a, b) => a.priority - b.priority || a.id - b.id);
    });
  }

  /** Marks a batch's delivered rows sent in one statement. */
  async function markSent(sent: { id: number; messageId: string | null }[]): Promise<void> {
    if (sent.length === 0) return;
    const values = sql.join(
      sent.map((s) => sql`(${s.id}::integer, ${s.messageId}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${mailOutbox} set status = 'sent', sent_at = now(), updated_at = now(),
        attempts = ${mailOutbox.attempts} + 1, message_id = v.message_id
      from (values ${values}) as v(id, message_id)
      where ${mailOutbox.id} = v.id`);
  }

  async function markFailed(row: OutboxRow, err: unknown): Promise<void> {
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

  /** Sends one claimed batch over all connections at once; answers how many went out. */
  async function sendBatch(rows: OutboxRow[]): Promise<number> {
    const results = await Promise.allSettled(rows.map((row) => deliver(row)));
    const sent: { id: number; messageId: string | null }[] = [];
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') sent.push({ id: rows[i]!.id, messageId: result.value });
    }
    await markSent(sent);
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') await markFailed(rows[i]!, result.reason);
    }
    return sent.length;
  }

  let running: Promise<number> | null = null;
  async function flushAll(signal: AbortSignal | undefined): Promise<number> {
    // A process that died mid-send leaves rows in 'sending'; after 5 minutes they are due again
    // (at-least-once: a message the crash had already handed to SMTP may go out twice).
    await db
      .update(mailOutbox)
      .set({ status: 'pending' })
      .where(
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.updatedAt, new Date(Date.now() - 5 * 60_000))),
      );
    let total = 0;
    // Each batch is claimed afresh, so mail queued meanwhile with a higher priority goes in the next one.
    while (!signal?.aborted) {
      const rows = await claimBatch();
      if (rows.length === 0) break;
      total += await sendBatch(rows);
    }
    return total;
  }

  return {
    flush: (options = {}) => {
      running ??= flushAll(options.signal).finally(() => {
        running = null;
      });
      return running;
    },
    close: () => transport.close(),
  };
}
