import type { Config } from '#server/config.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Db } from '#server/db/client.ts';
import { enqueueMail } from '#server/features/mail/index.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The links of a list e-mail: the confirm and unsubscribe pages, and the RFC 8058 one-click endpoint. */
export function listLinks(app: { config: Config }, confirmToken: string | null, unsubscribeToken: string) {
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

/** Queues the double opt-in e-mail; call inside the transaction that stored the confirmation token. */
export async function enqueueConfirmationMail(
  app: { config: Config },
  tx: Db,
  to: string,
  confirmToken: string,
  unsubscribeToken: string,
): Promise<void> {
  const { confirmUrl, unsubscribeUrl, oneClickUrl } = listLinks(app, confirmToken, unsubscribeToken);
  const text = [
    'Hi,',
    '',
    `Please confirm that you want to receive news about ${BRAND.plural} at this address.`,
    'Open this link and press "Confirm my subscription":',
    confirmUrl!,
    '',
    'If you did not ask for this, ignore this e-mail: you will not be added to the list.',
    '',
    `— The ${BRAND.name} team`,
    '',
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const html = `<p>Hi,</p>
<p>Please confirm that you want to receive news about ${escapeHtml(BRAND.plural)} at this address.</p>
<p><a href="${escapeHtml(confirmUrl!)}">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this e-mail: you will not be added to the list.</p>
<p>— The ${escapeHtml(BRAND.name)} team</p>
<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`;
  await enqueueMail(tx, {
    to,
    subject: `Confirm your subscription to ${BRAND.name} news`,
    text,
    html,
    template: 'email-list-confirm',
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
