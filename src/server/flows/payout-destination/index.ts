export {
  changePayoutAccount,
  changeProfile,
  reportDestinationChange,
  startGuardedStripeOnboarding,
  unfreezeAccountPayouts,
} from './destination.service.ts';
