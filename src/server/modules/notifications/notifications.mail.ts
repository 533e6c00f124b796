/**
 * Notification e-mail (issue 31, decision 079): instant mail for the kinds chosen "e-mail at once",
 * one digest a day for "daily digest". Every message carries a List-Unsubscribe one-click header for
 * its kind (RFC 8058: a signed token URL; the POST turns that kind off without a session). A message
 * is rendered once per distinct notification and copied per recipient (their name and link swapped in),
 * so a listing followed by many costs one rendering, not one per follower.
 */
import { BRAND } from '#shared/brand.ts';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '#shared/notifications.schemas.ts';
import type { Db } from '#server/db/client.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { absoluteUrl, composeMail, enqueueMailBatch, type MailMessage } from '#server/platform/mail/index.ts';
import {
  claimDigest,
  claimInstantMail,
  ensureKeys,
  listDigestRecipients,
  markMailed,
  setLastDigestAt,
  type MailableNotification,
} from './notifications.repo.ts';
import { newNotificationKey, unsubscribeToken } from './notifications.service.ts';

/** The preferences page (the e-mails link to it). */
const NOTIFICATION_PREFERENCES_PATH = '/notifications/preferences';

/** Stand-ins rendered once and replaced per recipient: plain letters, so no layout escapes or wraps them. */
const NAME_SLOT = 'XRECIPIENTNAMEX';
const UNSUBSCRIBE_SLOT = 'XUNSUBSCRIBEURLX';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

function oneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The headers a notification e-mail carries: the mail client's Unsubscribe button posts to the link. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A person's greeting name: never an e-mail-derived private username (decision 060). */
const nameOf = (n: MailableNotification) =>
  n.firstName?.trim() || (n.usernameIsPrivate ? 'there' : n.username);

function personalise(template: MailMessage, n: MailableNotification, unsubscribeUrl: string): MailMessage {
  const name = nameOf(n);
  return {
    ...template,
    to: n.email,
    text: template.text.replaceAll(NAME_SLOT, name).replaceAll(UNSUBSCRIBE_SLOT, unsubscribeUrl),
    html: template.html
      .replaceAll(NAME_SLOT, escapeHtml(name))
      .replaceAll(UNSUBSCRIBE_SLOT, escapeHtml(unsubscribeUrl)),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

function instantTemplate(ctx: Pick<ServiceContext, 'config'>, n: MailableNotification) {
  const publicUrl = ctx.config.publicUrl;
  return composeMail({
    to: 'recipient',
    subject: n.title,
    template: `notification-${n.kind}`,
    publicUrl,
    greeting: { firstName: NAME_SLOT },
    heading: n.title,
    paragraphs: [n.body],
    action: { label: `See the ${BRAND.name}`, url: absoluteUrl(publicUrl, n.url) },
    notes: [
      `You get this e-mail because of your setting "${NOTIFICATION_KIND_LABELS[n.kind]}". ` +
        `Change it on ${absoluteUrl(publicUrl, NOTIFICATION_PREFERENCES_PATH)}.`,
    ],
    unsubscribeUrl: UNSUBSCRIBE_SLOT,
  });
}

/**
 * The instant-mail job: pending instant notifications into the outbox, `batch` at a time, each batch
 * in one transaction (the outbox rows and their 'sent' marks commit together). Answers how many.
 */
export async function mailInstantNotifications(
  ctx: ServiceContext,
  options: { batch?: number; budget?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 1000;
  const budget = options.budget ?? 20_000;
  let total = 0;
  while (total < budget) {
    const sent = await ctx.db.transaction(async (tx) => {
      const rows = await claimInstantMail(tx, batch);
      if (rows.length === 0) return 0;
      const keys = await ensureKeys(tx, [...new Set(rows.map((r) => r.recipientId))], newNotificationKey);
      const templates = new Map<string, Promise<MailMessage>>();
      const messages: MailMessage[] = [];
      for (const n of rows) {
        const key = `${n.kind}\u0000${n.title}\u0000${n.body}\u0000${n.url}`;
        let template = templates.get(key);
        if (!template) templates.set(key, (template = instantTemplate(ctx, n)));
        const token = unsubscribeToken(keys.get(n.recipientId)!, n.recipientId, n.kind);
        messages.push(personalise(await template, n, oneClickUrl(ctx.config.publicUrl, token)));
      }
      await enqueueMailBatch(tx, messages);
      await markMailed(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    if (sent === 0) break;
    total += sent;
  }
  return total;
}

/** The hour (UTC) the daily digest goes out. */
const DIGEST_HOUR_UTC = 7;

/** The latest digest moment at or before `now`: today's DIGEST_HOUR_UTC, or yesterday's. */
function digestMoment(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (at > now) at.setUTCDate(at.getUTCDate() - 1);
  return at;
}

async function digestMail(
  ctx: Pick<ServiceContext, 'config'>,
  tx: Db,
  items: MailableNotification[],
): Promise<MailMessage> {
  const first = items[0]!;
  const publicUrl = ctx.config.publicUrl;
  const keys = await ensureKeys(tx, [first.recipientId], newNotificationKey);
  const secret = keys.get(first.recipientId)!;
  // One header link: a digest is turned off per kind, so it names the kind most of its items are.
  const counts = new Map<NotificationKind, number>();
  for (const n of items) counts.set(n.kind, (counts.get(n.kind) ?? 0) + 1);
  const mainKind = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const url = oneClickUrl(publicUrl, unsubscribeToken(secret, first.recipientId, mainKind));
  const message = await composeMail({
    to: first.email,
    subject: `Your ${BRAND.name} digest: ${items.length} new ${items.length === 1 ? 'notification' : 'notifications'}`,
    template: 'notification-digest',
    publicUrl,
    greeting: { firstName: nameOf(first) },
    heading: 'What happened today',
    paragraphs: items.map((n) => `${n.title}. ${n.body} ${absoluteUrl(publicUrl, n.url)}`),
    action: { label: 'Open your notifications', url: absoluteUrl(publicUrl, '/notifications') },
    notes: [
      `You get this digest because of your notification settings. Change them on ${absoluteUrl(publicUrl, NOTIFICATION_PREFERENCES_PATH)}.`,
    ],
    unsubscribeUrl: url,
  });
  return { ...message, headers: unsubscribeHeaders(url) };
}

/**
 * The digest job: for each recipient with digest items waiting and no digest since the last digest
 * moment, one e-mail with all of them. Answers how many digests went out.
 */
export async function sendDigests(ctx: ServiceContext, options: { budget?: number } = {}): Promise<number> {
  const now = ctx.clock();
  const since = digestMoment(now);
  const recipients = await listDigestRecipients(ctx.db, since, options.budget ?? 500);
  let sent = 0;
  for (const userId of recipients) {
    sent += await ctx.db.transaction(async (tx) => {
      const items = await claimDigest(tx, userId);
      if (items.length === 0) return 0;
      await enqueueMailBatch(tx, [await digestMail(ctx, tx, items)]);
      await markMailed(
        tx,
        items.map((n) => n.id),
      );
      await setLastDigestAt(tx, userId, now);
      return 1;
    });
  }
  return sent;
}
