/**
 * The lines each booking writes (ledger.service.ts books them inside the transaction of the money
 * movement): pure, so every money rule of the ledger is unit-tested and mutation-tested
 * (docs/mutation-testing.md, decision 050). The shapes are those of docs/decisions/011-ledger.md:
 *
 *   payment captured:   buyer  payment        +total             (cash)
 *   its allocation:     seller seller_proceeds +proceeds, platform platform_fee (the rest),
 *                       shipping shipping (and shipping_insurance), affiliate affiliate_commission +c with platform −c,
 *                       or buyer refund_due +total when it cannot be fulfilled
 *   refund:             buyer  refund          −amount  (cash) and the allocation negated
 *   creator royalty:    seller creator_royalty +r (the chip's creator) with platform creator_royalty −r,
 *                       on a resale's platform fee or a transfer's fee (decision 081)
 *   transfer:           platform transfer_fee +total
 *   payout:             seller|affiliate payout −amount  (settlement, no order)
 *   direct PayPal sale: seller direct_payment  −total   (the buyer paid the seller's own account)
 */
import { ALLOCATION_KINDS, type LedgerKind } from '#shared/ledger.schemas.ts';
import type { LedgerLineRow, NewLedgerLine } from './ledger.repo.ts';

export type OrderRef = { id: number; buyerId: number; chipId: number | null };

const line = (
  key: string,
  values: Omit<NewLedgerLine, 'entryKey' | 'reason'> & { reason: string },
): NewLedgerLine => ({ entryKey: key, ...values });

/** A captured payment (cash in), keyed once per provider payment. */
export function paymentLines(args: {
  order: OrderRef;
  provider: string;
  paymentKey: string;
  amountCents: number;
}): NewLedgerLine[] {
  return [
    line(`payment:${args.provider}:${args.paymentKey}`, {
      orderId: args.order.id,
      chipId: args.order.chipId,
      account: 'buyer',
      kind: 'payment',
      userId: args.order.buyerId,
      amountCents: args.amountCents,
      reason: `Payment for order #${args.order.id} (${args.provider})`,
    }),
  ];
}

/**
 * A sale: the seller's proceeds, shipping, and the platform's share (the rest of the total, so
 * discounts and markups land on the platform). directToSeller: the buyer paid the seller's own
 * PayPal, so the whole total is already the seller's and their balance owes the rest.
 */
export function saleLines(args: {
  order: OrderRef & ShippedMoney;
  sellerId: number;
  sellerProceedsCents: number;
  directToSeller: boolean;
  /** A resale's creator royalty (creatorRoyaltyCents), out of the platform's share. */
  royalty?: Royalty | undefined;
}): NewLedgerLine[] {
  const { order } = args;
  const at = `order:${order.id}`;
  const base = { orderId: order.id, chipId: order.chipId };
  const platformCents =
    order.totalCents - order.shippingCents - order.insuranceCents - args.sellerProceedsCents;
  const lines: NewLedgerLine[] = [
    line(`${at}:seller_proceeds`, {
      ...base,
      account: 'seller',
      kind: 'seller_proceeds',
      userId: args.sellerId,
      amountCents: args.sellerProceedsCents,
      reason: `Proceeds of the sale in order #${order.id}`,
    }),
    line(`${at}:platform_fee`, {
      ...base,
      account: 'platform',
      kind: 'platform_fee',
      amountCents: platformCents,
      reason: `Platform fee of the sale in order #${order.id}`,
    }),
  ];
  lines.push(...shippingLines(order));
  lines.push(...royaltyLines(order, args.royalty));
  if (args.directToSeller) {
    lines.push(
      line(`${at}:direct_payment`, {
        ...base,
        account: 'seller',
        kind: 'direct_payment',
        userId: args.sellerId,
        amountCents: -order.totalCents,
        reason: `Order #${order.id} was paid to the seller's own PayPal account`,
      }),
    );
  }
  return lines;
}

/** What an order paid for its shipment: the postage and its shipping protection (decision 066). */
type ShippedMoney = { totalCents: number; shippingCents: number; insuranceCents: number };

function shippingLine(order: OrderRef & { shippingCents: number }): NewLedgerLine {
  return line(`order:${order.id}:shipping`, {
    orderId: order.id,
    chipId: order.chipId,
    account: 'shipping',
    kind: 'shipping',
    amountCents: order.shippingCents,
    reason: `Shipping paid with order #${order.id}`,
  });
}

/**
 * The shipment's lines: postage, and the insurance and signature on delivery of a chip above the
 * threshold. Both are passed through to the carrier (the shipping account), never platform income.
 */
function shippingLines(order: OrderRef & ShippedMoney): NewLedgerLine[] {
  const lines: NewLedgerLine[] = [];
  if (order.shippingCents !== 0) lines.push(shippingLine(order));
  if (order.insuranceCents !== 0) {
    lines.push(
      line(`order:${order.id}:shipping_insurance`, {
        orderId: order.id,
        chipId: order.chipId,
        account: 'shipping',
        kind: 'shipping_insurance',
        amountCents: order.insuranceCents,
        reason: `Shipping insurance and signature paid with order #${order.id}`,
      }),
    );
  }
  return lines;
}

/** A mint: the platform's mint fee (the rest of the total), shipping, and affiliate commissions paid from the fee. */
export function mintLines(args: {
  order: OrderRef & ShippedMoney;
  commissions: { affiliateUserId: number; level: number; amountCents: number }[];
}): NewLedgerLine[] {
  const { order } = args;
  const at = `order:${order.id}`;
  const lines: NewLedgerLine[] = [
    line(`${at}:mint_fee`, {
      orderId: order.id,
      account: 'platform',
      kind: 'mint_fee',
      amountCents: order.totalCents - order.shippingCents - order.insuranceCents,
      reason: `Mint fee of order #${order.id}`,
    }),
  ];
  lines.push(...shippingLines(order));
  for (const c of args.commissions) {
    const reason = `Level ${c.level} commission on order #${order.id}`;
    lines.push(
      line(`${at}:affiliate_commission:${c.level}`, {
        orderId: order.id,
        account: 'affiliate',
        kind: 'affiliate_commission',
        userId: c.affiliateUserId,
        amountCents: c.amountCents,
        reason,
      }),
      line(`${at}:affiliate_commission:${c.level}:platform`, {
        orderId: order.id,
        account: 'platform',
        kind: 'affiliate_commission',
        amountCents: -c.amountCents,
        reason,
      }),
    );
  }
  return lines;
}

/** A shipping order: all of it pays for the shipment, its postage and any shipping protection. */
export function shippingOrderLines(args: {
  order: OrderRef & { totalCents: number; insuranceCents: number };
}): NewLedgerLine[] {
  const { order } = args;
  return shippingLines({ ...order, shippingCents: order.totalCents - order.insuranceCents });
}

/** An offline transfer or a hand-over's fee: its whole total is the platform's transfer fee, less a royalty. */
export function transferFeeLines(args: {
  order: OrderRef & { totalCents: number };
  royalty?: Royalty | undefined;
}): NewLedgerLine[] {
  const { order } = args;
  return [
    line(`order:${order.id}:transfer_fee`, {
      orderId: order.id,
      chipId: order.chipId,
      account: 'platform',
      kind: 'transfer_fee',
      amountCents: order.totalCents,
      reason: `Transfer fee of order #${order.id}`,
    }),
    ...royaltyLines(order, args.royalty),
  ];
}

/** The creator's royalty on one order: whom, and how much (never more than the platform's share). */
export type Royalty = { creatorId: number; amountCents: number };

/**
 * The creator is owed the royalty on their seller balance (payable with the order's proceeds, under
 * the same holds), and the platform's share gives it up. Nothing for a zero royalty.
 */
function royaltyLines(order: OrderRef, royalty: Royalty | undefined): NewLedgerLine[] {
  if (!royalty || royalty.amountCents <= 0) return [];
  const at = `order:${order.id}:creator_royalty`;
  const reason = `Creator royalty on order #${order.id}`;
  const base = { orderId: order.id, chipId: order.chipId, kind: 'creator_royalty' as const, reason };
  return [
    line(at, { ...base, account: 'seller', userId: royalty.creatorId, amountCents: royalty.amountCents }),
    line(`${at}:platform`, { ...base, account: 'platform', amountCents: -royalty.amountCents }),
  ];
}

/** A captured payment that cannot be fulfilled: it is owed back to the buyer until refunded. */
export function refundDueLines(args: {
  order: OrderRef;
  provider: string;
  paymentKey: string;
  amountCents: number;
  why: string;
}): NewLedgerLine[] {
  return [
    line(`refund_due:${args.provider}:${args.paymentKey}`, {
      orderId: args.order.id,
      chipId: args.order.chipId,
      account: 'buyer',
      kind: 'refund_due',
      userId: args.order.buyerId,
      amountCents: args.amountCents,
      reason: args.why,
    }),
  ];
}

/** An order's line as the refund reads it. */
export type Standing = Pick<LedgerLineRow, 'account' | 'kind' | 'userId' | 'amountCents'>;

/**
 * A refund given back: cash out, and the allocation it undoes negated. A refund of money owed back
 * (refund_due) clears that; an admin refund of a fulfilled order reverses the order's whole
 * allocation still standing in `orderLines` (fee, proceeds, shipping, commissions), each line once.
 * With `reversedKinds`, only those kinds are reversed (a shipment that will not happen gives back its
 * shipping and insurance, and the rest of the order stands).
 */
export function refundLines(
  args: {
    order: OrderRef;
    refundId: number;
    amountCents: number;
    reversesAllocation: boolean;
    reversedKinds?: readonly LedgerKind[] | undefined;
    /**
     * A partial refund (a buyer protection case, decision 070): each standing line is reversed in
     * proportion, so that together they give back exactly `amountCents` (shareOf).
     */
    proportional?: boolean | undefined;
    why: string;
  },
  orderLines: Standing[],
): NewLedgerLine[] {
  const { order, refundId } = args;
  const at = `refund:${refundId}`;
  const base = { orderId: order.id, chipId: order.chipId, refundId, reason: args.why };
  const lines: NewLedgerLine[] = [
    line(`${at}:refund`, {
      ...base,
      account: 'buyer',
      kind: 'refund',
      userId: order.buyerId,
      amountCents: -args.amountCents,
    }),
  ];
  if (!args.reversesAllocation) {
    lines.push(
      line(`${at}:refund_due`, {
        ...base,
        account: 'buyer',
        kind: 'refund_due',
        userId: order.buyerId,
        amountCents: -args.amountCents,
      }),
    );
    return lines;
  }
  const standingLines = netAllocation(orderLines).filter(
    (standing) =>
      standing.amountCents !== 0 && (!args.reversedKinds || args.reversedKinds.includes(standing.kind)),
  );
  const reversed = args.proportional ? shareOf(standingLines, args.amountCents) : standingLines;
  for (const standing of reversed) {
    if (standing.amountCents === 0) continue;
    lines.push(
      line(`${at}:${standing.account}:${standing.kind}:${standing.userId ?? ''}`, {
        ...base,
        account: standing.account,
        kind: standing.kind,
        userId: standing.userId,
        amountCents: -standing.amountCents,
      }),
    );
  }
  return lines;
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/**
 * `amountCents` of an allocation, shared in proportion to its lines (largest remainder: each line
 * gets its exact share rounded down, and the cents left go one each to the lines that lost most in
 * the rounding, earlier lines first on ties), so the shares always sum to exactly `amountCents`.
 * Integer arithmetic throughout (BigInt: a line times an amount can pass 2^53).
 */
export function shareOf(lines: Standing[], amountCents: number): Standing[] {
  const total = lines.reduce((sum, l) => sum + BigInt(l.amountCents), 0n);
  if (total <= 0n) throw new Error('A partial refund needs an allocation standing above zero');
  const amount = BigInt(amountCents);
  const parts = lines.map((l, index) => {
    const exact = BigInt(l.amountCents) * amount;
    const share = floorDiv(exact, total);
    return { index, share, remainder: exact - share * total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.share, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of order) {
    if (left <= 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return lines.map((l, index) => ({ ...l, amountCents: Number(parts[index]!.share) }));
}

const REVERSED_KINDS = new Set<LedgerKind>(ALLOCATION_KINDS.filter((kind) => kind !== 'refund_due'));

/** An order's allocation still standing, per account, kind and person (refund_due excluded). */
export function netAllocation(lines: Standing[]): Standing[] {
  const sums = new Map<string, Standing>();
  for (const l of lines) {
    if (!REVERSED_KINDS.has(l.kind)) continue;
    const key = `${l.account}:${l.kind}:${l.userId}`;
    const sum = sums.get(key) ?? { account: l.account, kind: l.kind, userId: l.userId, amountCents: 0 };
    sum.amountCents += l.amountCents;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** A payout leaving a seller's or affiliate's balance. */
export function payoutLines(args: {
  payoutId: number;
  userId: number;
  account: 'seller' | 'affiliate';
  amountCents: number;
  reference: string | null;
}): NewLedgerLine[] {
  return [
    line(`payout:${args.payoutId}`, {
      payoutId: args.payoutId,
      account: args.account,
      kind: 'payout',
      userId: args.userId,
      amountCents: -args.amountCents,
      reason: args.reference ? `Payout #${args.payoutId} (${args.reference})` : `Payout #${args.payoutId}`,
    }),
  ];
}

/** A payout the provider gave back (failed): the money returns to the balance. */
export function payoutReturnedLines(args: {
  payoutId: number;
  userId: number;
  account: 'seller' | 'affiliate';
  amountCents: number;
  why: string;
}): NewLedgerLine[] {
  return [
    line(`payout:${args.payoutId}:returned`, {
      payoutId: args.payoutId,
      account: args.account,
      kind: 'payout',
      userId: args.userId,
      amountCents: args.amountCents,
      reason: args.why,
    }),
  ];
}

/**
 * A lost dispute's fee (decision 076): the provider takes it from the platform's own money, beside the
 * order's cash and allocation (an expense kind), once per dispute.
 */
export function disputeFeeLines(args: {
  order: OrderRef;
  disputeId: number;
  feeCents: number;
  provider: string;
}): NewLedgerLine[] {
  if (args.feeCents <= 0) return [];
  return [
    line(`dispute:${args.disputeId}:fee`, {
      orderId: args.order.id,
      chipId: args.order.chipId,
      account: 'platform',
      kind: 'dispute_fee',
      amountCents: -args.feeCents,
      reason: `Fee of the ${args.provider} dispute lost on order #${args.order.id}`,
    }),
  ];
}
