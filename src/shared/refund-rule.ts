/**
 * The refund rule, written once for every page that states it: the FAQ, the footer, the terms and the
 * checkout (PRODUCT.md "Payment methods": the FAQ, the footer and the terms say the same thing in the same
 * words). Buyer protection's own rule, with the site's days, is buyerProtectionRule (cases.schemas.ts).
 */
export const REFUND_RULE_SHORT =
  'Purchases are final for a change of mind; we refund what we cannot deliver.';

export const REFUND_RULE =
  'Purchases are final for a change of mind. We refund what we cannot deliver: a chip that sold to someone else first, a duplicate payment, or an order we cancel before it ships; and, under buyer protection, a shipped chip that never arrives, arrives damaged or is not as described. Refunds go back to the payment method you used.';
