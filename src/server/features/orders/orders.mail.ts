/** The commerce e-mails: order confirmation, sold, status changes, mint made, offers. Text and HTML. */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import { describePlatformFee } from '#shared/pricing.ts';
import { composeMail as compose, type MailMessage } from '#server/features/mail/index.ts';

/** What an order mail says about the order. */
export type OrderMailInfo = {
  id: number;
  orderType: string;
  title: string;
  totalCents: number;
  artchipAmount: string | null;
  paymentMethod: string;
  shippingOption: string;
};

function describe(order: OrderMailInfo): string {
  if (order.orderType === 'mint') return `your ${BRAND.name} mint "${order.title}"`;
  if (order.orderType === 'shipping') return `shipping of "${order.title}"`;
  if (order.orderType === 'transfer') return `the transfer of "${order.title}"`;
  return `"${order.title}"`;
}

function paidWith(order: OrderMailInfo): string {
  if (order.paymentMethod === 'artchip' && order.artchipAmount) {
    return `${formatUsd(order.totalCents)} (${formatTokenAmount(order.artchipAmount, { withTicker: true })})`;
  }
  return formatUsd(order.totalCents);
}

/** To the buyer when a payment completes; isGuestAccount for accounts made at a guest checkout. */
export function orderConfirmationMail(
  to: string,
  publicUrl: string,
  order: OrderMailInfo,
  isGuestAccount: boolean,
): MailMessage {
  const paragraphs = [
    `Thank you! We received your payment of ${paidWith(order)} for ${describe(order)} (order #${order.id}).`,
  ];
  if (order.orderType === 'mint') {
    paragraphs.push(`We will make your ${BRAND.name} and let you know when it is ready to activate.`);
  } else if (order.orderType === 'transfer') {
    paragraphs.push(`"${order.title}" now belongs to its new owner, and we told them so.`);
  } else if (order.shippingOption === 'store') {
    paragraphs.push(`Your ${BRAND.name} is kept in our vault in your name, free of charge.`);
  } else {
    paragraphs.push('We will e-mail you the carrier and tracking number when it ships.');
  }
  if (isGuestAccount) {
    paragraphs.push(
      "We created an account for you with this e-mail address. To see your orders, set a password: choose 'Forgot password' on the log-in page.",
    );
  }
  return compose({
    to,
    subject: `Order confirmed: #${order.id}`,
    template: 'order-confirmation',
    heading: 'Order Confirmed!',
    paragraphs,
    action: isGuestAccount
      ? { label: 'Log In', url: `${publicUrl}${ROUTES.login}?email=${encodeURIComponent(to)}` }
      : { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
  });
}

/**
 * What the sold e-mail states: the figures the sale was booked with (splitSale's), so the e-mail, the
 * dialogs the seller saw and the ledger agree.
 */
export type ChipSoldMailInfo = {
  title: string;
  salePriceCents: number;
  platformFeeBasisPoints: number;
  /** The fee base: the chip's highest sale price, this sale included. */
  feeBaseCents: number;
  platformFeeCents: number;
  sellerProceedsCents: number;
};

/** To the seller when their chip sells: the sale price, the platform fee with its rule and base, the proceeds. */
export function chipSoldMail(to: string, publicUrl: string, sale: ChipSoldMailInfo): MailMessage {
  const rule = describePlatformFee({
    salePriceCents: sale.salePriceCents,
    highestSaleCents: sale.feeBaseCents,
    platformFeeBasisPoints: sale.platformFeeBasisPoints,
  });
  return compose({
    to,
    subject: `Your ${BRAND.name} "${sale.title}" sold`,
    template: 'chip-sold',
    heading: `Your ${BRAND.name} sold!`,
    paragraphs: [
      `"${sale.title}" has been sold for ${formatUsd(sale.salePriceCents)}.`,
      `Platform fee: ${formatUsd(sale.platformFeeCents)} (${rule}).`,
      `You receive ${formatUsd(sale.sellerProceedsCents)}. Your proceeds are booked to your account.`,
    ],
    action: { label: 'Open My Dashboard', url: `${publicUrl}${ROUTES.dashboard}` },
  });
}

/** What the receiver of a transfer is told. */
export type ChipTransferredMailInfo = {
  title: string;
  fromUsername: string;
  chipPath: string;
  /** A mailed one-time link for an account that has no password yet (an invitation). */
  setPasswordUrl: string | null;
  isInVault: boolean;
};

/** To whoever receives a transferred chip: it is theirs; an invitation sets a password first. */
export function chipTransferredMail(
  to: string,
  publicUrl: string,
  info: ChipTransferredMailInfo,
): MailMessage {
  const paragraphs = [
    `${info.fromUsername} transferred the ${BRAND.name} "${info.title}" to you. It is yours now.`,
    info.isInVault
      ? `It is kept in our vault in your name, free of charge: list it, or ask for it to be shipped, whenever you like.`
      : `${info.fromUsername} has the chip itself and hands it to you.`,
  ];
  if (info.setPasswordUrl) {
    paragraphs.push(
      `We made an account for you with this e-mail address. Set a password to see your ${BRAND.name}.`,
    );
  }
  return compose({
    to,
    subject: `${info.fromUsername} sent you the ${BRAND.name} "${info.title}"`,
    template: 'chip-transferred',
    heading: `A ${BRAND.name} for you`,
    paragraphs,
    action: info.setPasswordUrl
      ? { label: 'Set a password', url: info.setPasswordUrl }
      : { label: `See your ${BRAND.name}`, url: `${publicUrl}${info.chipPath}` },
  });
}

/** To the buyer when an admin moves the order on (processing, completed, shipped). */
export function orderStatusMail(
  to: string,
  publicUrl: string,
  order: OrderMailInfo,
  status: 'processing' | 'completed' | 'shipped',
  shipping?: { carrier: string; trackingNumber: string },
): MailMessage {
  const lines: Record<typeof status, string> = {
    processing: `We are now working on ${describe(order)} (order #${order.id}).`,
    completed: `Order #${order.id} for ${describe(order)} is complete.`,
    shipped: `Order #${order.id} for ${describe(order)} has shipped.`,
  };
  const paragraphs = [lines[status]];
  if (shipping) paragraphs.push(`Carrier: ${shipping.carrier}. Tracking number: ${shipping.trackingNumber}.`);
  const subjects: Record<typeof status, string> = {
    processing: `Order #${order.id} is being processed`,
    completed: `Order #${order.id} is complete`,
    shipped: `Order #${order.id} has shipped`,
  };
  return compose({
    to,
    subject: subjects[status],
    template: `order-${status}`,
    heading: subjects[status],
    paragraphs,
    action: { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
  });
}

/** To the creator when the admin has made the chip from their mint. */
export function artchipCreatedMail(to: string, publicUrl: string, title: string): MailMessage {
  return compose({
    to,
    subject: `Your ${BRAND.name} "${title}" is ready`,
    template: 'artchip-created',
    heading: `Your ${BRAND.name} is ready`,
    paragraphs: [
      `We made "${title}". Activate it with a price in your dashboard to list it in the marketplace.`,
    ],
    action: { label: 'Open My Dashboard', url: `${publicUrl}${ROUTES.dashboard}` },
  });
}

const REFUND_REASON_TEXT: Record<string, string> = {
  chip_unavailable: `the ${BRAND.name} was bought by someone else before your payment arrived`,
  duplicate_payment: 'we received more than one payment for it',
};

/** To the buyer when money goes back to them: how much, why, and how. */
export function refundMail(
  to: string,
  publicUrl: string,
  refund: { orderId: number; amountCents: number; reason: string; note: string | null; method: string },
): MailMessage {
  const why = refund.note ?? REFUND_REASON_TEXT[refund.reason] ?? 'the order could not be fulfilled';
  const how =
    refund.method === 'artchip'
      ? 'The tokens are sent back to the wallet that paid.'
      : 'It goes back to the card or PayPal account you paid with; banks usually show it within 5–10 business days.';
  return compose({
    to,
    subject: `Refund for order #${refund.orderId}`,
    template: 'order-refunded',
    heading: 'Your payment is on its way back',
    paragraphs: [`We refunded ${formatUsd(refund.amountCents)} for order #${refund.orderId}: ${why}.`, how],
    action: { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
  });
}
