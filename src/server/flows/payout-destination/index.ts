export {
  changePayoutAccount,
  changeProfile,
  reportDestinationChange,
  unfreezeAccountPayouts,
} from './destination.service.ts';
