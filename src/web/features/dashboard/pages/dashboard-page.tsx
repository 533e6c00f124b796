import { FollowingTab } from '#web/features/social/index.ts';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { pathOf, withReturnTo } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { AffiliatesTab } from '../components/affiliates-tab.tsx';
import { AttentionNotice, type AttentionTarget } from '../components/attention-notice.tsx';
import { CollectionTab } from '../components/collection-tab.tsx';
import { MintArea } from '../components/mint-area.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { StatsTab } from '../components/stats-tab.tsx';

const TABS = [
  { value: 'collection', label: 'My Collection', content: <CollectionTab /> },
  { value: 'affiliates', label: 'Affiliates', content: <AffiliatesTab /> },
  { value: 'stats', label: 'My Statistics', content: <StatsTab /> },
  { value: 'following', label: 'Following', content: <FollowingTab /> },
  { value: 'profile', label: 'Profile', content: <ProfileTab /> },
];

/** Scrolls to a section heading of My Collection and moves focus there, for keyboard and screen readers. */
function showSection(id: AttentionTarget): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/** /my-artchip, 'My Dashboard' (spec §2): four tabs and the mint button; visitors go to /login. */
export default function DashboardPage() {
  usePageTitle('My Dashboard');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.some((t) => t.value === requested) ? requested! : 'collection';
  // A notice line asked for a section of My Collection: shown once that tab has rendered it.
  const pendingTarget = useRef<AttentionTarget | null>(null);
  useEffect(() => {
    if (tab === 'collection' && pendingTarget.current) showSection(pendingTarget.current);
    pendingTarget.current = null;
  }, [tab]);

  if (!isLoading && !user) return <Navigate to={withReturnTo(ROUTES.login, pathOf(location))} replace />;
  if (!user) return null;

  const selectTab = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-gray-900">My Dashboard</h1>
      <p className="mt-1 text-gray-700">Welcome back, {user.firstName || user.username}.</p>
      <div className="mt-6">
        <AttentionNotice
          onShow={(target) => {
            if (tab === 'collection') return showSection(target);
            pendingTarget.current = target;
            selectTab('collection');
          }}
        />
      </div>
      <div className="mt-6">
        <MintArea />
      </div>
      <div className="mt-8">
        <Tabs label="Dashboard sections" items={TABS} value={tab} onValueChange={selectTab} />
      </div>
    </div>
  );
}
