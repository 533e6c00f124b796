import type { Config } from '#server/config.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Db } from '#server/db/client.ts';
import {
  composeMail,
  enqueueMail,
  type MailMessage,
  type MailRecipient,
} from '#server/platform/mail/index.ts';
import { findAccountByEmail } from '#server/modules/users/index.ts';

/** The links of a list e-mail: the confirm and unsubscribe pages, and the RFC 8058 one-click endpoint. */
function listLinks(app: { config: Config }, confirmToken: string | null, unsubscribeToken: string) {
  const base = app.config.publicUrl;
  const unsub = encodeURIComponent(unsubscribeToken);
  return {
    confirmUrl: confirmToken
      ? `${base}${ROUTES.emailConfirm}?token=${encodeURIComponent(confirmToken)}`
      : null,
    unsubscribeUrl: `${base}${ROUTES.emailUnsubscribe}?token=${unsub}`,
    oneClickUrl: `${base}/api/email-signup/unsubscribe?token=${unsub}`,
  };
}

/**
 * The headers every list e-mail carries: mail clients show an Unsubscribe button that posts to the
 * one-click endpoint (RFC 2369, RFC 8058).
 */
function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The double opt-in e-mail: confirm on the page (a button press, never the link alone). */
function confirmationMail(
  app: { config: Config },
  to: { email: string } & MailRecipient,
  confirmToken: string,
  unsubscribeToken: string,
): Promise<MailMessage> {
  const { confirmUrl, unsubscribeUrl, oneClickUrl } = listLinks(app, confirmToken, unsubscribeToken);
  return composeMail({
    to: to.email,
    subject: `Confirm your subscription to ${BRAND.name} news`,
    template: 'email-list-confirm',
    publicUrl: app.config.publicUrl,
    greeting: to,
    heading: 'Confirm your subscription',
    paragraphs: [
      `Please confirm that you want to receive news about ${BRAND.plural} at this address.`,
      'Open the link and press "Confirm my subscription".',
    ],
    action: { label: 'Confirm my subscription', url: confirmUrl! },
    notes: ['If you did not ask for this, ignore this e-mail: you will not be added to the list.'],
    unsubscribeUrl,
    headers: listUnsubscribeHeaders(oneClickUrl),
  });
}

/** Queues the double opt-in e-mail; call inside the transaction that stored the confirmation token. */
export async function enqueueConfirmationMail(
  app: { config: Config },
  tx: Db,
  to: string,
  confirmToken: string,
  unsubscribeToken: string,
): Promise<void> {
  // A subscriber with an account is greeted by name; anyone else as "there".
  const account = await findAccountByEmail(tx, to);
  const recipient = { email: to, firstName: account?.firstName, username: account?.username };
  await enqueueMail(tx, await confirmationMail(app, recipient, confirmToken, unsubscribeToken));
}
