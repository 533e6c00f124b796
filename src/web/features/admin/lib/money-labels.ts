/** The ledger, refunds and accounting in words, for the admin's order page and Accounting tab. */
import type { AccountingRow, LedgerAccount, LedgerKind } from '#shared/ledger.schemas.ts';
import type { RefundReason, RefundStatus } from '#shared/refunds.schemas.ts';

/** Who owns the money a ledger line moves. */
export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  buyer: 'Buyer',
  platform: 'Platform',
  seller: 'Seller',
  affiliate: 'Affiliate',
  shipping: 'Shipping',
};

/** What a ledger line is: cash moved by a provider, whose share it is, or money paid out. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'Payment captured',
  refund: 'Refund sent',
  platform_fee: 'Platform fee',
  mint_fee: 'Mint fee',
  transfer_fee: 'Transfer fee',
  shipping: 'Shipping',
  shipping_insurance: 'Shipping insurance and signature',
  seller_proceeds: 'Seller proceeds',
  affiliate_commission: 'Affiliate commission',
  creator_royalty: 'Creator royalty',
  refund_due: 'Refund owed to the buyer',
  payout: 'Payout',
  direct_payment: 'Paid to the seller directly',
  dispute_fee: 'Dispute fee',
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Requested',
  processing: 'Processing',
  pending: 'Pending at provider',
  succeeded: 'Refunded',
  manual: 'Send by hand',
  failed: 'Failed',
};

/** Badge tones (components/ui/badge.tsx) of each refund status. */
export const REFUND_STATUS_TONES = {
  requested: 'gray',
  processing: 'blue',
  pending: 'blue',
  succeeded: 'green',
  manual: 'yellow',
  failed: 'red',
} as const satisfies Record<RefundStatus, string>;

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  chip_unavailable: 'Chip no longer available',
  duplicate_payment: 'Duplicate payment',
  admin: 'Admin refund',
  shipping_unused: 'Shipping not used (listed before it shipped)',
  buyer_protection: 'Buyer protection case',
  chargeback: 'Dispute lost (chargeback)',
  provider: 'Refunded at the provider',
};

/** Payment providers, plus the accounting's "payouts" rows (money paid to sellers and affiliates). */
export const PROVIDER_LABELS: Record<AccountingRow['provider'], string> = {
  demo: 'Demo',
  stripe: 'Stripe',
  paypal: 'PayPal',
  solana: 'Solana Pay',
  payouts: 'Payouts',
};
