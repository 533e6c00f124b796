/**
 * The ledger's bookings (docs/decisions/011-ledger.md). Every money movement of the marketplace is
 * booked here, inside the transaction that makes it happen, as append-only lines; which lines each
 * movement books is decided by ledger-lines.ts (pure, unit- and mutation-tested: decision 050).
 *
 * So for every order allocation = cash = what the provider holds, and for every seller and
 * affiliate balance = earned − paid out. reconcile() checks both against the provider-side records.
 */
import type { Db } from '#server/db/client.ts';
import { appendLines, listOrderLines } from './ledger.repo.ts';
import {
  disputeFeeLines,
  mintLines,
  paymentLines,
  payoutLines,
  payoutReturnedLines,
  refundDueLines,
  refundLines,
  saleLines,
  shippingOrderLines,
  transferFeeLines,
} from './ledger-lines.ts';

/** Books a captured payment (cash in), once per provider payment. */
export async function bookPayment(tx: Db, args: Parameters<typeof paymentLines>[0]): Promise<void> {
  await appendLines(tx, paymentLines(args));
}

/** A sale: the seller's proceeds, shipping, and the platform's share (saleLines). */
export async function bookSale(tx: Db, args: Parameters<typeof saleLines>[0]): Promise<void> {
  await appendLines(tx, saleLines(args));
}

/** A mint: the platform's mint fee, shipping, and affiliate commissions paid from the fee. */
export async function bookMint(tx: Db, args: Parameters<typeof mintLines>[0]): Promise<void> {
  await appendLines(tx, mintLines(args));
}

/** A shipping order: all of it pays for the shipment. */
export async function bookShippingOrder(
  tx: Db,
  args: Parameters<typeof shippingOrderLines>[0],
): Promise<void> {
  await appendLines(tx, shippingOrderLines(args));
}

/** An offline transfer: its whole total is the platform's transfer fee. */
export async function bookTransferFee(tx: Db, args: Parameters<typeof transferFeeLines>[0]): Promise<void> {
  await appendLines(tx, transferFeeLines(args));
}

/** A captured payment that cannot be fulfilled: it is owed back to the buyer until refunded. */
export async function bookRefundDue(tx: Db, args: Parameters<typeof refundDueLines>[0]): Promise<void> {
  await appendLines(tx, refundDueLines(args));
}

/**
 * A refund given back: cash out, and the allocation it undoes negated (refundLines), read from the
 * order's lines under the refund's transaction when it reverses the allocation.
 */
export async function bookRefund(tx: Db, args: Parameters<typeof refundLines>[0]): Promise<void> {
  const orderLines = args.reversesAllocation ? await listOrderLines(tx, args.order.id) : [];
  await appendLines(tx, refundLines(args, orderLines));
}

/** A payout leaving a seller's or affiliate's balance. */
export async function bookPayout(tx: Db, args: Parameters<typeof payoutLines>[0]): Promise<void> {
  await appendLines(tx, payoutLines(args));
}

/** A payout the provider gave back (failed): the money returns to the balance. */
export async function bookPayoutReturned(
  tx: Db,
  args: Parameters<typeof payoutReturnedLines>[0],
): Promise<void> {
  await appendLines(tx, payoutReturnedLines(args));
}

/** A lost dispute's fee, on the platform (decision 076). */
export async function bookDisputeFee(tx: Db, args: Parameters<typeof disputeFeeLines>[0]): Promise<void> {
  await appendLines(tx, disputeFeeLines(args));
}
