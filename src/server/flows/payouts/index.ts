export { getSellerBalance, listPayableBalances, payOutMany, payOutSeller } from './payouts.service.ts';
