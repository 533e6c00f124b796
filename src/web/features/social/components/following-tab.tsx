import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDeleteSavedSearch, useMyFollows, useMyWatches, useSavedSearches } from '../api/social-api.ts';
import { NOTIFICATION_PREFERENCES_PATH } from '../paths.ts';

const usd = (cents: number | null) =>
  cents === null
    ? 'Not priced'
    : (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** My Admin, Following (issue 31): the creators one follows, the chips one watches, the saved searches. */
export function FollowingTab() {
  const { isAuthenticated } = useAuth();
  const follows = useMyFollows();
  const watches = useMyWatches();
  const searches = useSavedSearches(isAuthenticated);
  const remove = useDeleteSavedSearch();
  return (
    <div className="space-y-10">
      <p className="text-sm text-gray-700">
        How news of these reaches you:{' '}
        <Link to={NOTIFICATION_PREFERENCES_PATH} className="font-medium text-brand-700 underline">
          notification preferences
        </Link>
        .
      </p>
      <section aria-labelledby="followed-creators">
        <h2 id="followed-creators" className="text-xl font-semibold text-gray-900">
          Creators you follow
        </h2>
        {follows.data?.length === 0 && <p className="mt-2 text-sm text-gray-700">None yet.</p>}
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {follows.data?.map((f) => (
            <li key={f.username} className="rounded-lg border border-gray-200 bg-white px-4 py-3">
              <Link to={ROUTES.gallery(f.username)} className="font-medium text-brand-700 hover:underline">
                @{f.username}
              </Link>
              <span className="ml-2 text-sm text-gray-700">
                {f.followerCount} {f.followerCount === 1 ? 'follower' : 'followers'}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="watched-chips">
        <h2 id="watched-chips" className="text-xl font-semibold text-gray-900">
          Chips you watch
        </h2>
        {watches.data?.length === 0 && <p className="mt-2 text-sm text-gray-700">None yet.</p>}
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {watches.data?.map((w) => (
            <li key={w.chipId} className="rounded-lg border border-gray-200 bg-white px-4 py-3">
              <Link to={w.url} className="font-medium text-brand-700 hover:underline">
                {w.title}
              </Link>
              <span className="ml-2 text-sm text-gray-700">
                {w.status === 'active' ? usd(w.priceCents) : w.status === 'sold' ? 'Sold' : 'Not for sale'} ·{' '}
                {w.watchCount} watching
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="saved-searches">
        <h2 id="saved-searches" className="text-xl font-semibold text-gray-900">
          Saved searches
        </h2>
        {searches.data?.length === 0 && (
          <p className="mt-2 text-sm text-gray-700">None yet: use "Save this search" on the marketplace.</p>
        )}
        <ul className="mt-3 space-y-2">
          {searches.data?.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white px-4 py-3"
            >
              <Link
                to={`/marketplace${s.query ? `?${s.query}` : ''}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {s.name}
              </Link>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(s.id)}
              >
                Delete<span className="sr-only"> saved search {s.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
