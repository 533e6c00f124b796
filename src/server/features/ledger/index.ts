/**
 * The ledger feature's public face: every money movement is booked through these (a lint rule
 * enforces it), and its totals are read through them.
 */
export { ledgerLines } from './ledger.table.ts';
export {
  bookMint,
  bookPayment,
  bookPayout,
  bookPayoutReturned,
  bookRefund,
  bookRefundDue,
  bookSale,
  bookShippingOrder,
  bookTransferFee,
  netAllocation,
} from './ledger.service.ts';
export {
  listDailyAccounting,
  listLedgerPayoutTotals,
  listOrderLines,
  listOrderSums,
  listPayableAccounts,
  listSellerOrderSettlements,
  readAccountTotals,
  readLedgerTotals,
  sumSellerEarnings,
  type LedgerLineRow,
} from './ledger.repo.ts';
