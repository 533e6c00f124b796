/**
 * The orders feature's public face: other features reach orders only through these (a lint rule
 * enforces it). The lifecycle places, pays and cancels orders. The orders tables are exported for
 * other features' read-only joins and the demo seed's fixture rows; every other write goes through
 * the functions here.
 */
export { orders, type ShippingAddressSnapshot } from './orders.table.ts';
export {
  cancelOrder,
  cancelOrderForRefund,
  isWithdrawnFeeOrder,
  withdrawFeeOrder,
  withdrawReplacedTransfers,
  markOrderPaid,
  flagOrderPayment,
  markOrderRefunded,
  recordProviderRef,
  recordShippingRefundRequested,
  recordCaseRefundRequested,
  refuseRefund,
  unusedShippingCents,
  placeOrder,
  refusePayAgain,
  replaceUnpaidOrder,
  type FeeOrderWithdrawal,
} from './order-lifecycle.ts';
export {
  chipSoldMail,
  chipTransferredMail,
  orderConfirmationMail,
  orderMailInfo,
  refundMail,
} from './orders.mail.ts';
export {
  countOpenHolds,
  findOrderById,
  holdAllowanceLock,
  findOrderByProviderRef,
  isOrderReplaced,
  listUnpaidOrdersInWindow,
  lockMintOrderOfChip,
  lockOrder,
  type OrderRow,
  readOrderTotals,
  readSellerSales,
} from './orders.repo.ts';
export { findMintDesign, placedDataWithDesign } from './mint-design.ts';
export { autoDeliverShipments, confirmReceived, deliverOrderByTap, listMySales } from './delivery.service.ts';
export {
  canSeeOrder,
  countOrdersToPay,
  getOrder,
  holdsOrderGuestToken,
  issueBuyerConfirmUrl,
  ORDER_NOT_FOUND,
  sweepAbandonedFeeOrders,
  sweepLapsedHolds,
} from './orders.service.ts';
export {
  createArtchipFromOrder,
  getAdminOrderDetail,
  listAdminOrders,
  type OrderMediaInput,
  updateOrderStatus,
  uploadOrderMedia,
} from './admin-orders.service.ts';
export { confirmBuyer, getCheckoutSuccess, listMyOrders } from './orders.service.ts';
export { listPaidMintsAwaitingChip } from './orders.repo.ts';
