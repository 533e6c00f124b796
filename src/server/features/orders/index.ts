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
  markOrderPaid,
  markOrderRefunded,
  orderActions,
  refuseRefund,
  placeOrder,
  refusePayAgain,
  replaceUnpaidOrder,
} from './order-lifecycle.ts';
export {
  chipSoldMail,
  chipTransferredMail,
  orderConfirmationMail,
  refundMail,
  type OrderMailInfo,
} from './orders.mail.ts';
export {
  findOrderById,
  findOrderByProviderRef,
  isOrderReplaced,
  listUnpaidOrdersInWindow,
  lockOrder,
  type OrderRow,
  type PendingWindow,
  readOrderTotals,
  updateOrder,
} from './orders.repo.ts';
export { canSeeOrder, getOrder, ORDER_NOT_FOUND, sweepLapsedHolds } from './orders.service.ts';
