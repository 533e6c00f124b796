/**
 * The notifications feature's public face (issue 31, decision 079): follows, watches, saved searches,
 * notification events and their fan-out, the notification centre, preferences and e-mail.
 */
export {
  createSavedSearch,
  fanOutPendingEvents,
  follow,
  getNotificationPreferences,
  listFollows,
  listNotifications,
  listSavedSearches,
  listWatches,
  markNotificationsRead,
  recordNotificationEvent,
  removeSavedSearch,
  savedSearchGroups,
  unfollow,
  unsubscribeByToken,
  unwatch,
  updateNotificationPreferences,
  watch,
} from './notifications.service.ts';
export { mailInstantNotifications, sendDigests } from './notifications.mail.ts';
export type { NotificationEventRow } from './notifications.repo.ts';
