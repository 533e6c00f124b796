/**
 * The header's bell (issue 31) with the unread count, in its own chunk: only signed-in users load it
 * (header.tsx), so a visitor's first script stays small (decision 014).
 */
import { NavLink } from '#web/lib/router.tsx';
import { useUnreadCount } from '../api/social-api.ts';
import { NOTIFICATIONS_PATH } from '../paths.ts';

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

export function NotificationBell() {
  const unread = useUnreadCount(true).data ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <NavLink
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="bell-count"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
