/**
 * The ledger feature's public face: every money movement is booked through these (a lint rule
 * enforces it), and its totals are read through them.
 */
export {
  bookDisputeFee,
  bookMint,
  bookPayment,
  bookPayout,
  bookPayoutReturned,
  bookRefund,
  bookRefundDue,
  bookSale,
  bookShippingOrder,
  bookTransferFee,
} from './ledger.service.ts';
export {
  holdOrderProceeds,
  isOrderHeld,
  listHeldOrderIds,
  releaseOrderProceeds,
  listDailyAccounting,
  listLedgerPayoutTotals,
  listOrderLines,
  listOrderSums,
  listPayableAccounts,
  listSellerOrderSettlements,
  readAccountTotals,
  readLedgerTotals,
  sumEarningsByUser,
  sumOwedToSellers,
  sumPlatformIncome,
  sumSellerEarnings,
  type FlipHold,
} from './ledger.repo.ts';
export type { Royalty } from './ledger-lines.ts';
