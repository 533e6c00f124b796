export {
  checkAffiliatePayable,
  getSellerBalance,
  listPayableBalances,
  NO_PAYOUT_ADDRESS_MESSAGE,
  payOutMany,
  payOutSeller,
} from './payouts.service.ts';
