/** The offer e-mails; which transition sends which to whom is OFFER_TRANSITIONS in offer-lifecycle.ts. */
import { ROUTES } from '#shared/brand.ts';
import { OFFER_ACCEPTED_HOLD_HOURS } from '#shared/offers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import {
  absoluteUrl,
  composeMail,
  mailImageUrl,
  type ChipImage,
  type MailMessage,
  type MailRecipient,
} from '#server/platform/mail/index.ts';

export type OfferMailKind =
  'received' | 'accepted' | 'counter_accepted' | 'buyer_accepted' | 'declined' | 'countered' | 'withdrawn';

/** The chip an offer is about, as its e-mail shows it. */
export type OfferMailChip = { title: string } & ChipImage;

/** One offer e-mail: the amount is the one the transition is about (offer, counter or agreed price). */
export function offerMail(
  to: MailRecipient & { email: string },
  publicUrl: string,
  kind: OfferMailKind,
  chip: OfferMailChip,
  amountCents: number,
): Promise<MailMessage> {
  const { title } = chip;
  const imageUrl = mailImageUrl(chip);
  const amount = formatUsd(amountCents);
  const checkOut = `Check out within ${OFFER_ACCEPTED_HOLD_HOURS} hours to buy it.`;
  const texts: Record<OfferMailKind, { subject: string; line: string }> = {
    received: {
      subject: `New offer on "${title}"`,
      line: `You received an offer of ${amount} for "${title}".`,
    },
    accepted: {
      subject: `Offer accepted: "${title}"`,
      line: `Your offer of ${amount} for "${title}" was accepted. ${checkOut}`,
    },
    counter_accepted: {
      subject: `You accepted the counter-offer: "${title}"`,
      line: `You accepted the counter-offer of ${amount} for "${title}". ${checkOut}`,
    },
    buyer_accepted: {
      subject: `Counter-offer accepted: "${title}"`,
      line: `The buyer accepted your counter-offer of ${amount} for "${title}". It is held for them for ${OFFER_ACCEPTED_HOLD_HOURS} hours while they check out.`,
    },
    declined: {
      subject: `Offer declined: "${title}"`,
      line: `Your offer of ${amount} for "${title}" was declined.`,
    },
    countered: {
      subject: `Counter-offer on "${title}"`,
      line: `The owner of "${title}" countered with ${amount}.`,
    },
    withdrawn: {
      subject: `Offer withdrawn: "${title}"`,
      line: `The offer of ${amount} for "${title}" was withdrawn.`,
    },
  };
  const { subject, line } = texts[kind];
  const amountLabel: Record<OfferMailKind, string> = {
    received: 'Offer',
    accepted: 'Agreed price',
    counter_accepted: 'Agreed price',
    buyer_accepted: 'Agreed price',
    declined: 'Offer',
    countered: 'Counter-offer',
    withdrawn: 'Offer',
  };
  return composeMail({
    to: to.email,
    subject,
    template: `offer-${kind.replace(/_/g, '-')}`,
    publicUrl,
    greeting: to,
    heading: subject,
    paragraphs: [line],
    artwork: imageUrl ? { url: absoluteUrl(publicUrl, imageUrl), title } : null,
    lines: [{ label: `${amountLabel[kind]} for "${title}"`, amount, isTotal: true }],
    action: { label: 'Open My Dashboard', url: `${publicUrl}${ROUTES.dashboard}` },
  });
}
