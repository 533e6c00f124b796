/**
 * The payouts feature's public face: other features reach payouts only through these (a lint rule
 * enforces it). Affiliate payouts record themselves here; seller payouts are this feature's own.
 */
export { insertPayout, listPaidOutTotals, sumPayouts } from './payouts.repo.ts';
export { deletePayoutAccount } from './payout-accounts.repo.ts';
export {
  checkPayoutMethodAvailable,
  checkStripeOnboardingAvailable,
  chooseRail,
  payoutAccountDestinationChange,
  refreshStripeReadiness,
  restartStripeDestinationHold,
  sendPayout,
  setPayoutAccount,
  startStripeOnboarding,
} from './payout-rails.service.ts';
export { listPayoutsOf, type PayoutRow } from './payouts.repo.ts';
