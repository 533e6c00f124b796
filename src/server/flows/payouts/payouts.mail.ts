/** The e-mail a seller gets when an admin pays out their proceeds (issue 27: nobody was told). */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import type { PayoutMethod } from '#shared/payouts.schemas.ts';
import { composeMail, type MailMessage } from '#server/platform/mail/index.ts';

const METHOD_WORDS: Record<PayoutMethod, string> = {
  manual: 'a transfer our team made by hand',
  stripe_connect: 'Stripe, to your connected account',
  paypal_payouts: 'PayPal Payouts',
};

/** Whom the mail greets and where it goes. */
export type PayoutMailRecipient = { email: string; firstName?: string | null; username?: string | null };

/** "We paid you $35.00": the amount, how it was sent, where to, and its reference. */
export function payoutSentMail(
  to: PayoutMailRecipient,
  publicUrl: string,
  payout: { amountCents: number; method: PayoutMethod; destination: string | null; reference: string | null },
): Promise<MailMessage> {
  const details = [{ label: 'Sent by', value: METHOD_WORDS[payout.method] }];
  if (payout.destination) details.push({ label: 'Sent to', value: payout.destination });
  if (payout.reference) details.push({ label: 'Reference', value: payout.reference });
  return composeMail({
    to: to.email,
    subject: `${BRAND.name} paid you ${formatUsd(payout.amountCents)}`,
    template: 'payout-sent',
    publicUrl,
    greeting: to,
    heading: 'Your proceeds are on their way',
    paragraphs: [
      `We paid out your ${BRAND.name} sale proceeds: ${formatUsd(payout.amountCents)}.`,
      'Depending on your bank or PayPal, it can take a few business days to arrive.',
    ],
    lines: [{ label: 'Paid out', amount: formatUsd(payout.amountCents), isTotal: true }],
    details,
    action: { label: 'See your payouts', url: `${publicUrl}${ROUTES.dashboard}` },
    notes: ['If this payout does not arrive within 10 business days, reply to this e-mail.'],
  });
}
