/** Decision 071: the owner is told where their money will go now, with a "this wasn't me" link. */
import { BRAND } from '#shared/brand.ts';
import { formatUtcMoment } from '#shared/payout-destination.ts';
import { composeMail, type MailMessage, type MailRecipient } from '#server/platform/mail/index.ts';

/** "Where your money goes changed": the new destination (masked), when, and the one-click report. */
export function destinationChangedMail(
  to: MailRecipient & { email: string },
  publicUrl: string,
  change: { what: string; shown: string; at: Date; payableFrom: Date; reportUrl: string },
): Promise<MailMessage> {
  return composeMail({
    to: to.email,
    subject: `Where your ${BRAND.name} money goes was changed`,
    template: 'payout-destination-changed',
    publicUrl,
    greeting: to,
    heading: 'Where your money goes was changed',
    paragraphs: [
      `Your ${change.what} was changed on ${formatUtcMoment(change.at)}, with your password.`,
      `Payouts go to the new destination from ${formatUtcMoment(change.payableFrom)}.`,
      'If you did not make this change, press the button below: we freeze your payouts and sign out every session of your account at once. Then set a new password with “Forgot password?”.',
    ],
    details: [{ label: 'New destination', value: change.shown }],
    action: { label: 'This wasn’t me', url: change.reportUrl },
    notes: ['If you made this change, there is nothing to do.'],
  });
}
