/**
 * The affiliates feature's public face: other features reach it only through these (a lint rule
 * enforces it). Commissions are booked here when a mint is paid.
 */
export { reverseOrderCommissions, sumPendingCommissions } from './affiliates.repo.ts';
export { bookMintCommissions, payOutAffiliate } from './affiliates.service.ts';
export {
  getAdminAffiliateSummary,
  getMyAffiliateSummary,
  listAffiliateStats,
  listCommissions,
} from './affiliates.service.ts';
