/** The notification pages (issue 31); the e-mails link to the preferences page by the same path. */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATION_PREFERENCES_PATH = '/notifications/preferences';
