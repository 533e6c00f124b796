/**
 * The offers feature's public face: other features reach it only through these (a lint rule
 * enforces it). Checkout and payments ask it for an agreed offer and close offers on a sale.
 */
export {
  attachOfferToOrder,
  closeOffersOnSale,
  countOffersAwaitingUser,
  closeOffersOnWithdrawal,
  expireLapsedOffers,
  findAgreedOfferAmount,
  getAcceptedOfferForCheckout,
} from './offers.service.ts';
export {
  acceptOffer,
  counterOffer,
  createOffer,
  declineOffer,
  listMyOffers,
  withdrawOffer,
} from './offers.service.ts';
