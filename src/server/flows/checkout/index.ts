/**
 * The checkout feature's public face: other features reach it only through these (a lint rule
 * enforces it).
 */
export { checkout, legacyPurchase, quoteCheckout } from './checkout.service.ts';
export {
  cancelHandoverByOwner,
  claimByTap,
  previewClaim,
  getLiveHandover,
  startHandoverByOwner,
} from './handover.service.ts';
export { payOrderAgain } from './pay-again.service.ts';
export { startPaying } from './payment-started.service.ts';
export { requestArtchipShipping } from './ship-request.service.ts';
export { cancelTransfer, getTransferFee, transferArtchip } from './transfer.service.ts';
