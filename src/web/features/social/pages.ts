/** The social feature's pages, for the app's router only: each lazy, its own chunk. */
import { lazy } from 'react';
import { lazyPage } from '#web/lib/lazy-page.tsx';

export { NOTIFICATION_PREFERENCES_PATH, NOTIFICATIONS_PATH } from './paths.ts';

export const NotificationsPage = lazyPage(() => import('./pages/notifications-page.tsx'));
export const NotificationPreferencesPage = lazyPage(
  () => import('./pages/notification-preferences-page.tsx'),
);

/** The header's bell, in its own chunk: header.tsx renders it for signed-in users only. */
export const LazyNotificationBell = lazy(async () => ({
  default: (await import('./components/notification-bell.tsx')).NotificationBell,
}));
