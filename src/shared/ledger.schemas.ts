/**
 * The money ledger (docs/decisions/011-ledger.md): every movement of money is an append-only line
 * in integer cents, on one account, of one kind, with its reason. Three families of kinds:
 * - cash: what a provider captured for an order (payment) and gave back (refund);
 * - allocation: who that money belongs to (platform fee, mint fee, transfer fee, shipping and its
 *   insurance, seller proceeds, affiliate commissions, money owed back to a buyer); a refund books the same kinds
 *   negated, so for every order allocation = cash = what the provider holds;
 * - settlement: money leaving a seller's or affiliate's balance (a payout, or a direct PayPal payment
 *   that went to the seller's own account).
 * For every seller and affiliate, balance = earned (allocation) − paid out (settlement).
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './orders.schemas.ts';
import { RefundSchema } from './refunds.schemas.ts';

/** Whose money a line moves. */
export const LEDGER_ACCOUNTS = ['buyer', 'platform', 'seller', 'affiliate', 'shipping'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const CASH_KINDS = ['payment', 'refund'] as const;
export const ALLOCATION_KINDS = [
  'platform_fee',
  'mint_fee',
  'transfer_fee',
  'shipping',
  /** Shipping protection (decision 066): passed through to the carrier with the postage, not income. */
  'shipping_insurance',
  'seller_proceeds',
  'affiliate_commission',
  /** The creator's royalty on a resale, transfer or hand-over (decision 081), out of the platform's fee. */
  'creator_royalty',
  'refund_due',
] as const;
export const SETTLEMENT_KINDS = ['payout', 'direct_payment'] as const;
/**
 * Expenses (decision 076): what the platform pays a provider from its own income, beside any order's
 * cash and allocation: the fee of a lost dispute (platform account, negative).
 */
const EXPENSE_KINDS = ['dispute_fee'] as const;
export const LEDGER_KINDS = [
  ...CASH_KINDS,
  ...ALLOCATION_KINDS,
  ...SETTLEMENT_KINDS,
  ...EXPENSE_KINDS,
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const LedgerLineSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  payoutId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  account: z.enum(LEDGER_ACCOUNTS),
  kind: z.enum(LEDGER_KINDS),
  userId: z.number().int().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLineSchema>;

/** One order whose ledger does not add up (admin reconciliation). */
const OrderMismatchSchema = z.object({
  orderId: z.number().int(),
  /** What the provider captured less what it refunded, from the order and its refunds. */
  capturedCents: z.number().int(),
  cashCents: z.number().int(),
  allocatedCents: z.number().int(),
});

/** One seller or affiliate balance that does not match their payouts (admin reconciliation). */
const BalanceMismatchSchema = z.object({
  userId: z.number().int(),
  account: z.enum(['seller', 'affiliate']),
  /** −(settlement lines of kind payout) */
  ledgerPaidOutCents: z.number().int(),
  /** The payouts table's total for the same person and kind. */
  payoutsCents: z.number().int(),
});

/** GET /api/admin/ledger/reconciliation: the ledger's invariants, checked now. */
export const ReconciliationSchema = z.object({
  checkedAt: z.string(),
  orderCount: z.number().int(),
  lineCount: z.number().int(),
  capturedCents: z.number().int(),
  refundedCents: z.number().int(),
  owedToSellersCents: z.number().int(),
  owedToAffiliatesCents: z.number().int(),
  owedToBuyersCents: z.number().int(),
  orderMismatches: z.array(OrderMismatchSchema),
  balanceMismatches: z.array(BalanceMismatchSchema),
  isBalanced: z.boolean(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** One day and provider of the admin's accounting (GET /api/admin/accounting). */
const AccountingRowSchema = z.object({
  day: z.string(),
  provider: z.enum([...PAYMENT_PROVIDERS, 'payouts']),
  moneyInCents: z.number().int(),
  refundsCents: z.number().int(),
  feesCents: z.number().int(),
  payoutsCents: z.number().int(),
});
export type AccountingRow = z.infer<typeof AccountingRowSchema>;

/**
 * The days the books can be asked for: wide enough for any real booking, narrow enough that the
 * range (and the day after its end) stays a date every database reads (issue 25, finding 7: years
 * 0000 and 9999 were 500s on PGlite).
 */
const ACCOUNTING_FIRST_DAY = '2000-01-01';
const ACCOUNTING_LAST_DAY = '2100-12-31';
const ACCOUNTING_RANGE_MESSAGE = `Use a date between ${ACCOUNTING_FIRST_DAY} and ${ACCOUNTING_LAST_DAY}`;

const accountingDay = z.iso
  .date({ error: 'Use a date like 2026-01-31' })
  .refine((d) => d >= ACCOUNTING_FIRST_DAY && d <= ACCOUNTING_LAST_DAY, ACCOUNTING_RANGE_MESSAGE);

export const AccountingQuerySchema = z
  .object({ from: accountingDay.optional(), to: accountingDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['from'],
    message: 'From must be on or before To',
  });
export type AccountingQuery = z.infer<typeof AccountingQuerySchema>;

export const AccountingSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(AccountingRowSchema),
  totals: AccountingRowSchema.omit({ day: true, provider: true }),
});
export type Accounting = z.infer<typeof AccountingSchema>;

/** GET /api/admin/orders/:id/money: the order's refunds and ledger lines, for the order page. */
export const AdminOrderMoneySchema = z.object({
  lines: z.array(LedgerLineSchema),
  refunds: z.array(RefundSchema),
  /** Sum of the order's cash lines: captured less refunded. */
  netCashCents: z.number().int(),
});
export type AdminOrderMoney = z.infer<typeof AdminOrderMoneySchema>;
