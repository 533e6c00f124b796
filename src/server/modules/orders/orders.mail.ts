/**
 * The commerce e-mails: order confirmation, sold, transferred, status changes (with tracking), mint
 * made, refunds. Each states what it is about: the artwork, the order's lines and total, where it
 * ships. Laid out by the mail feature's one template (HTML and text).
 */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import { describePlatformFee, INSURED_SHIPPING_LABEL } from '#shared/pricing.ts';
import type { FeeBase, PaymentMethod } from '#shared/settings.schemas.ts';
import { carrierName, trackingUrl } from '#shared/tracking.ts';
import {
  absoluteUrl,
  composeMail,
  mailImageUrl,
  type ChipImage,
  type MailContent,
  type MailLine,
  type MailMessage,
  type MailRecipient,
} from '#server/platform/mail/index.ts';
import type { OrderRow } from './orders.repo.ts';
import type { PostalAddress } from '#shared/address-format.ts';

/** Whom an order mail goes to: the address and what the greeting calls them. */
export type OrderMailRecipient = MailRecipient & { email: string };

/** What an order mail says about the order. */
export type OrderMailInfo = {
  id: number;
  orderType: string;
  title: string;
  isSurprize: boolean;
  basePriceCents: number;
  discountCents: number;
  markupCents: number;
  shippingCents: number;
  insuranceCents: number;
  totalCents: number;
  artchipAmount: string | null;
  paymentMethod: string;
  shippingOption: string;
  shippingAddress: PostalAddress | null;
  /** The artwork: the chip's image, or a custom mint's upload (a '/media/…' path or a URL). */
  imageUrl: string | null;
};

/** The order as its mails describe it; `chip` is the order's chip when it has one (or has been made). */
export function orderMailInfo(order: OrderRow, chip: ({ title: string } & ChipImage) | null): OrderMailInfo {
  return {
    id: order.id,
    orderType: order.orderType,
    title: chip?.title ?? order.mintTitle ?? `Order #${order.id}`,
    isSurprize: order.isSurprize,
    basePriceCents: order.basePriceCents,
    discountCents: order.discountCents,
    markupCents: order.markupCents,
    shippingCents: order.shippingCents,
    insuranceCents: order.insuranceCents,
    totalCents: order.totalCents,
    artchipAmount: order.artchipAmount,
    paymentMethod: order.paymentMethod,
    shippingOption: order.shippingOption,
    shippingAddress: order.shippingAddress,
    imageUrl: mailImageUrl(chip) ?? order.originalImageUrl,
  };
}

const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Credit Card',
  paypal: 'PayPal',
  artchip: `${BRAND.ticker} token`,
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

function mainLineLabel(order: OrderMailInfo): string {
  if (order.orderType === 'mint') {
    return `${order.isSurprize ? 'Surprize mint' : 'Custom mint'}: "${order.title}"`;
  }
  if (order.orderType === 'shipping') return `Shipping "${order.title}" from our vault`;
  if (order.orderType === 'transfer') return `Transfer fee: "${order.title}"`;
  return `${BRAND.name} "${order.title}"`;
}

/** The order's lines as the checkout summed them: price, discount, fee, shipping, total. */
function orderLines(order: OrderMailInfo): MailLine[] {
  const lines: MailLine[] = [{ label: mainLineLabel(order), amount: formatUsd(order.basePriceCents) }];
  if (order.discountCents > 0) {
    lines.push({ label: `${BRAND.ticker} discount`, amount: `-${formatUsd(order.discountCents)}` });
  }
  if (order.markupCents > 0) lines.push({ label: 'Convenience fee', amount: formatUsd(order.markupCents) });
  if (order.shippingOption === 'ship' && order.orderType !== 'shipping' && order.orderType !== 'transfer') {
    lines.push({
      label: 'Shipping',
      amount: order.shippingCents > 0 ? formatUsd(order.shippingCents) : 'Free',
    });
  }
  if (order.insuranceCents > 0) {
    lines.push({ label: INSURED_SHIPPING_LABEL, amount: formatUsd(order.insuranceCents) });
  }
  lines.push({ label: 'Total', amount: formatUsd(order.totalCents), isTotal: true });
  return lines;
}

function orderDetails(order: OrderMailInfo): { label: string; value: string }[] {
  const details = [{ label: 'Order', value: `#${order.id}` }];
  const method = PAYMENT_METHOD_NAMES[order.paymentMethod as PaymentMethod];
  if (method) details.push({ label: 'Payment method', value: method });
  if (order.paymentMethod === 'artchip' && order.artchipAmount) {
    details.push({
      label: 'Paid in tokens',
      value: formatTokenAmount(order.artchipAmount, { withTicker: true }),
    });
  }
  return details;
}

function artwork(publicUrl: string, title: string, imageUrl: string | null | undefined) {
  return imageUrl ? { url: absoluteUrl(publicUrl, imageUrl), title } : null;
}

function shipTo(order: OrderMailInfo): MailContent['address'] {
  return order.shippingOption === 'ship' && order.shippingAddress
    ? { heading: 'Ship to', address: order.shippingAddress }
    : null;
}

/**
 * To the buyer when a payment completes; isGuestAccount for accounts made at a guest checkout;
 * confirmUrl when a guest checkout named this existing account's e-mail, for its owner to confirm.
 */
export function orderConfirmationMail(
  to: OrderMailRecipient,
  publicUrl: string,
  order: OrderMailInfo,
  isGuestAccount: boolean,
  confirmUrl?: string,
): Promise<MailMessage> {
  const paragraphs = [
    `Thank you! We received your payment of ${paidWith(order)} for ${describe(order)} (order #${order.id}).`,
  ];
  if (order.orderType === 'mint') {
    paragraphs.push(
      order.isSurprize
        ? `Our artists will make the artwork of your ${BRAND.name}, and we will let you know when it is ready to activate.`
        : `We will make your ${BRAND.name} and let you know when it is ready to activate.`,
    );
  } else if (order.orderType === 'transfer') {
    paragraphs.push(`"${order.title}" now belongs to its new owner, and we told them so.`);
  } else if (order.shippingOption === 'store') {
    paragraphs.push(`Your ${BRAND.name} is kept in our vault in your name, free of charge.`);
  } else {
    paragraphs.push('We will e-mail you the carrier and tracking number when it ships.');
  }
  const notes: string[] = [];
  if (confirmUrl) {
    notes.push(
      `This order was placed with your e-mail address without signing in, so it is not in your account yet. If it was you, add it to your account with the button above. If it was not, ignore this e-mail: nothing was added to your account.`,
    );
  }
  if (isGuestAccount) {
    notes.push(
      "We created an account for you with this e-mail address. To see your orders, set a password: choose 'Forgot password' on the log-in page.",
    );
  }
  return composeMail({
    to: to.email,
    subject: `Order confirmed: #${order.id}`,
    template: 'order-confirmation',
    publicUrl,
    greeting: to,
    heading: 'Order Confirmed!',
    paragraphs,
    artwork: artwork(publicUrl, order.title, order.imageUrl),
    lines: orderLines(order),
    details: orderDetails(order),
    address: shipTo(order),
    action: confirmUrl
      ? { label: 'Add to My Account', url: confirmUrl }
      : isGuestAccount
        ? { label: 'Log In', url: `${publicUrl}${ROUTES.login}?email=${encodeURIComponent(to.email)}` }
        : { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
    notes,
  });
}

/**
 * What the sold e-mail states: the figures the sale was booked with (splitSale's), so the e-mail, the
 * dialogs the seller saw and the ledger agree.
 */
export type ChipSoldMailInfo = {
  title: string;
  image: ChipImage;
  salePriceCents: number;
  platformFeeBasisPoints: number;
  /** The site's fee base setting the sale was booked under. */
  feeBase: FeeBase;
  /** The fee base in cents: the chip's highest sale price, this sale included, or this sale's price. */
  feeBaseCents: number;
  platformFeeCents: number;
  sellerProceedsCents: number;
  /** The creator's royalty, out of the platform fee (0 on a first sale, decision 081). */
  creatorRoyaltyCents: number;
};

/** To the seller when their chip sells: the sale price, the platform fee with its rule and base, the proceeds. */
export function chipSoldMail(
  to: OrderMailRecipient,
  publicUrl: string,
  sale: ChipSoldMailInfo,
): Promise<MailMessage> {
  const rule = describePlatformFee({
    salePriceCents: sale.salePriceCents,
    highestSaleCents: sale.feeBaseCents,
    platformFeeBasisPoints: sale.platformFeeBasisPoints,
    feeBase: sale.feeBase,
  });
  return composeMail({
    to: to.email,
    subject: `Your ${BRAND.name} "${sale.title}" sold`,
    template: 'chip-sold',
    publicUrl,
    greeting: to,
    heading: `Your ${BRAND.name} sold!`,
    paragraphs: [
      `"${sale.title}" has been sold for ${formatUsd(sale.salePriceCents)}.`,
      `Platform fee: ${formatUsd(sale.platformFeeCents)} (${rule}).` +
        (sale.creatorRoyaltyCents > 0
          ? ` Of it, ${formatUsd(sale.creatorRoyaltyCents)} goes to the chip's creator as their royalty.`
          : ''),
      `You receive ${formatUsd(sale.sellerProceedsCents)}. Your proceeds are booked to your account.`,
    ],
    artwork: artwork(publicUrl, sale.title, mailImageUrl(sale.image)),
    lines: [
      { label: 'Sale price', amount: formatUsd(sale.salePriceCents) },
      { label: 'Platform fee', amount: `-${formatUsd(sale.platformFeeCents)}` },
      { label: 'Your proceeds', amount: formatUsd(sale.sellerProceedsCents), isTotal: true },
    ],
    action: { label: 'Open My Dashboard', url: `${publicUrl}${ROUTES.dashboard}` },
  });
}

/** What the receiver of a transfer is told. */
export type ChipTransferredMailInfo = {
  title: string;
  image: ChipImage;
  fromUsername: string;
  chipPath: string;
  /** A mailed one-time link for an account that has no password yet (an invitation). */
  setPasswordUrl: string | null;
  isInVault: boolean;
};

/** To whoever receives a transferred chip: it is theirs; an invitation sets a password first. */
export function chipTransferredMail(
  to: OrderMailRecipient,
  publicUrl: string,
  info: ChipTransferredMailInfo,
): Promise<MailMessage> {
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
  const chipUrl = `${publicUrl}${info.chipPath}`;
  const imageUrl = mailImageUrl(info.image);
  return composeMail({
    to: to.email,
    subject: `${info.fromUsername} sent you the ${BRAND.name} "${info.title}"`,
    template: 'chip-transferred',
    publicUrl,
    greeting: to,
    heading: `A ${BRAND.name} for you`,
    paragraphs,
    artwork: imageUrl ? { ...artwork(publicUrl, info.title, imageUrl)!, href: chipUrl } : null,
    action: info.setPasswordUrl
      ? { label: 'Set a password', url: info.setPasswordUrl }
      : { label: `See your ${BRAND.name}`, url: chipUrl },
  });
}

/** To the buyer when an admin moves the order on (processing, completed, shipped). */
export function orderStatusMail(
  to: OrderMailRecipient,
  publicUrl: string,
  order: OrderMailInfo,
  status: 'processing' | 'completed' | 'shipped',
  shipping?: { carrier: string; trackingNumber: string },
): Promise<MailMessage> {
  const lines: Record<typeof status, string> = {
    processing: `We are now working on ${describe(order)} (order #${order.id}).`,
    completed: `Order #${order.id} for ${describe(order)} is complete.`,
    shipped: `Order #${order.id} for ${describe(order)} has shipped.`,
  };
  const subjects: Record<typeof status, string> = {
    processing: `Order #${order.id} is being processed`,
    completed: `Order #${order.id} is complete`,
    shipped: `Order #${order.id} has shipped`,
  };
  const paragraphs = [lines[status]];
  const tracking = shipping
    ? {
        carrier: carrierName(shipping.carrier),
        trackingNumber: shipping.trackingNumber,
        url: trackingUrl(shipping.carrier, shipping.trackingNumber),
      }
    : null;
  if (tracking) {
    paragraphs.push(
      tracking.url
        ? `It is travelling with ${tracking.carrier}: follow it with the tracking link below.`
        : `It is travelling with ${tracking.carrier}, tracking number ${tracking.trackingNumber}.`,
    );
  }
  return composeMail({
    to: to.email,
    subject: subjects[status],
    template: `order-${status}`,
    publicUrl,
    greeting: to,
    heading: subjects[status],
    paragraphs,
    artwork: artwork(publicUrl, order.title, order.imageUrl),
    lines: status === 'processing' ? orderLines(order) : undefined,
    address: status === 'completed' ? null : shipTo(order),
    tracking,
    action: { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
  });
}

/** To the creator when the admin has made the chip from their mint. */
export function artchipCreatedMail(
  to: OrderMailRecipient,
  publicUrl: string,
  chip: { title: string } & ChipImage,
): Promise<MailMessage> {
  return composeMail({
    to: to.email,
    subject: `Your ${BRAND.name} "${chip.title}" is ready`,
    template: 'artchip-created',
    publicUrl,
    greeting: to,
    heading: `Your ${BRAND.name} is ready`,
    paragraphs: [
      `We made "${chip.title}". Activate it with a price in your dashboard to list it in the marketplace.`,
    ],
    artwork: artwork(publicUrl, chip.title, mailImageUrl(chip)),
    action: { label: 'Open My Dashboard', url: `${publicUrl}${ROUTES.dashboard}` },
  });
}

const REFUND_REASON_TEXT: Record<string, string> = {
  chip_unavailable: `the ${BRAND.name} was bought by someone else before your payment arrived`,
  duplicate_payment: 'we received more than one payment for it',
  shipping_unused: `you listed the ${BRAND.name} before it shipped, so its shipping is not needed`,
};

/** To the buyer when money goes back to them: how much, why, and how. */
export function refundMail(
  to: OrderMailRecipient,
  publicUrl: string,
  refund: {
    orderId: number;
    title: string;
    imageUrl: string | null;
    amountCents: number;
    reason: string;
    note: string | null;
    method: string;
  },
): Promise<MailMessage> {
  const why = refund.note ?? REFUND_REASON_TEXT[refund.reason] ?? 'the order could not be fulfilled';
  const how =
    refund.method === 'artchip'
      ? 'The tokens are sent back to the wallet that paid.'
      : 'It goes back to the card or PayPal account you paid with; banks usually show it within 5–10 business days.';
  return composeMail({
    to: to.email,
    subject: `Refund for order #${refund.orderId}`,
    template: 'order-refunded',
    publicUrl,
    greeting: to,
    heading: 'Your payment is on its way back',
    paragraphs: [`We refunded ${formatUsd(refund.amountCents)} for order #${refund.orderId}: ${why}.`, how],
    artwork: artwork(publicUrl, refund.title, refund.imageUrl),
    lines: [{ label: `Refund for "${refund.title}"`, amount: formatUsd(refund.amountCents), isTotal: true }],
    action: { label: 'View My Orders', url: `${publicUrl}${ROUTES.myOrders}` },
  });
}
