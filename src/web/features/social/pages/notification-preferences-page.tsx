import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '#shared/notifications.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { pathOf, withReturnTo } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useNotificationPreferences, useUpdatePreferences } from '../api/social-api.ts';
import { NOTIFICATIONS_PATH } from '../paths.ts';

/** /notifications/preferences (issue 31): per kind, in the product, e-mail at once, a daily digest, or off. */
export default function NotificationPreferencesPage() {
  usePageTitle('Notification preferences');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const saved = useNotificationPreferences(!!user);
  const update = useUpdatePreferences();
  const [draft, setDraft] = useState<Partial<NotificationPreferences>>({});
  if (!isLoading && !user) return <Navigate to={withReturnTo(ROUTES.login, pathOf(location))} replace />;
  const value = (kind: NotificationKind): NotificationChannel | undefined =>
    draft[kind] ?? saved.data?.[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(draft, { onSuccess: () => setDraft({}) });
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Notification preferences</h1>
      <p className="mt-2 text-gray-700">
        For each kind of news, choose how it reaches you. A daily digest is one e-mail a day with all of them.{' '}
        <Link to={NOTIFICATIONS_PATH} className="font-medium text-brand-700 underline">
          Your notifications
        </Link>
      </p>
      {saved.data && (
        <form onSubmit={submit} className="mt-8 space-y-6">
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className="rounded-xl border border-gray-200 bg-white p-4">
              <legend className="px-1 font-semibold text-gray-900">{NOTIFICATION_KIND_LABELS[kind]}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <label key={channel} className="flex min-h-6 items-center gap-2 text-sm text-gray-800">
                    <input
                      type="radio"
                      name={kind}
                      value={channel}
                      checked={value(kind) === channel}
                      onChange={() => setDraft((d) => ({ ...d, [kind]: channel }))}
                      className="h-4 w-4 accent-brand-600"
                    />
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={update.isPending || Object.keys(draft).length === 0}>
              Save preferences
            </Button>
            <p role="status" className="text-sm text-gray-700">
              {update.isSuccess && Object.keys(draft).length === 0
                ? 'Saved.'
                : update.isError
                  ? 'Could not save them.'
                  : ''}
            </p>
          </div>
        </form>
      )}
    </div>
  );
}
