export {
  changePayoutAccount,
  changeProfile,
  DESTINATION_REPORTED_MESSAGE,
  reportDestinationChange,
  unfreezeAccountPayouts,
} from './destination.service.ts';
