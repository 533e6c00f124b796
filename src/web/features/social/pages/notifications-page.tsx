import { Link, Navigate, useLocation, useNavigate } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import type { Notification } from '#shared/notifications.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { pathOf, withReturnTo } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useMarkRead, useNotifications } from '../api/social-api.ts';
import { NOTIFICATION_PREFERENCES_PATH } from '../paths.ts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /notifications (issue 31): newest first, "Load more" by keyset; opening one marks it read. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const list = useNotifications(!!user);
  const markRead = useMarkRead();
  if (!isLoading && !user) return <Navigate to={withReturnTo(ROUTES.login, pathOf(location))} replace />;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    navigate(n.url);
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-gray-900">Notifications</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to={NOTIFICATION_PREFERENCES_PATH}>Preferences</Link>
          </Button>
        </div>
      </div>
      <p className="mt-2 text-sm text-gray-700" role="status">
        {list.isPending ? 'Loading…' : unread === 0 ? 'Nothing unread.' : `${unread} unread`}
      </p>
      {!list.isPending && items.length === 0 && (
        <p className="mt-8 text-gray-700">
          No notifications yet. Follow creators, watch chips or save a search to hear when something happens.
        </p>
      )}
      <ul className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
        {items.map((n) => (
          <li key={n.id}>
            <a
              href={n.url}
              onClick={(event) => {
                event.preventDefault();
                open(n);
              }}
              className={cn('block px-4 py-3 hover:bg-gray-50', !n.read && 'bg-brand-50')}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className={cn('text-gray-900', !n.read && 'font-semibold')}>
                  {!n.read && <span className="sr-only">Unread: </span>}
                  {n.title}
                </span>
                <time dateTime={n.createdAt} className="shrink-0 text-xs text-gray-600">
                  {WHEN.format(new Date(n.createdAt))}
                </time>
              </span>
              <span className="mt-0.5 block text-sm text-gray-700">{n.body}</span>
            </a>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-6 text-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
