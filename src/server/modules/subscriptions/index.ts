export {
  deleteEmailSubscription,
  exportEmailSubscriptionsCsv,
  listEmailSubscriptions,
  updateEmailSubscription,
} from './admin-subscriptions.service.ts';
export {
  confirmEmailSubscription,
  signUpForEmailList,
  unsubscribeFromEmailList,
} from './subscriptions.service.ts';
