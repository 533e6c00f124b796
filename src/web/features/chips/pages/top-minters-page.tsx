import { Link } from '#web/lib/router.tsx';
import { Award, Crown, Medal, Trophy, type LucideIcon } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { LeaderboardEntry } from '#shared/chips.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useTopMinters } from '../api/get-top-minters.ts';

/** Spec §9: the leaderboard shows the top 10. */
const LEADERBOARD_SIZE = 10;
const PODIUM: { title: string; icon: LucideIcon; className: string }[] = [
  { title: 'Champion', icon: Crown, className: 'border-yellow-400 bg-yellow-50' },
  { title: 'Elite', icon: Trophy, className: 'border-gray-400 bg-gray-50' },
  { title: 'Rising Star', icon: Medal, className: 'border-orange-400 bg-orange-50' },
];

const COUNT = new Intl.NumberFormat('en-US');

function joined(days: number): string {
  if (days <= 0) return 'Joined today';
  return days === 1 ? 'Joined 1 day ago' : `Joined ${COUNT.format(days)} days ago`;
}

function Avatar({ entry }: { entry: LeaderboardEntry }) {
  return entry.profileImageUrl ? (
    <img
      src={entry.profileImageUrl}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 rounded-full object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
    >
      {entry.username.charAt(0).toUpperCase()}
    </span>
  );
}

function MinterRow({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
  const podium = PODIUM[rank - 1];
  const Icon = podium?.icon ?? Award;
  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-4 rounded-xl border p-4',
        podium?.className ?? 'border-gray-200 bg-white',
      )}
    >
      <span className="w-8 text-center text-xl font-bold text-gray-900">
        <span className="sr-only">Rank </span>
        {rank}
      </span>
      <Avatar entry={entry} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={ROUTES.gallery(entry.username)}
            className="font-semibold text-gray-900 underline-offset-2 hover:underline"
          >
            @{entry.username}
          </Link>
          {podium && (
            <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-gray-900 ring-1 ring-gray-300">
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
              {podium.title}
            </span>
          )}
        </p>
        <p className="text-sm text-gray-700">
          {joined(entry.joinedDaysAgo)} · {COUNT.format(entry.affiliateCount)}{' '}
          {entry.affiliateCount === 1 ? 'referral' : 'referrals'}
        </p>
      </div>
      <dl className="grid w-full grid-cols-2 gap-3 text-center text-sm sm:w-auto sm:grid-cols-4">
        <div>
          <dt className="text-gray-700">Minted</dt>
          <dd className="font-bold text-gray-900">{COUNT.format(entry.totalMinted)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">Sales</dt>
          <dd className="font-bold text-gray-900">{formatUsd(entry.totalSalesCents)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">Earned</dt>
          <dd className="font-bold text-gray-900">{formatUsd(entry.ownSalesEarningsCents)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">Referral earnings</dt>
          <dd className="font-bold text-gray-900">{formatUsd(entry.affiliateEarningsCents)}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /top-minters: the ten creators with the most activated chips (listed or sold; the company and demo
 * accounts are not ranked), with what they sold and what they earned from sales and referrals.
 */
export default function TopMintersPage() {
  usePageTitle('Top Minters');
  const minters = useTopMinters();
  const entries = (minters.data ?? []).slice(0, LEADERBOARD_SIZE);

  let body;
  if (minters.isPending) {
    body = (
      <div role="status" aria-label="Loading top minters" className="space-y-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (minters.isError) {
    body = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load the leaderboard. Please try again.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void minters.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
        <h2 className="text-xl font-semibold text-gray-900">No Minters Yet</h2>
        <p className="mt-2 text-gray-700">Be the first to mint an {BRAND.name} and top the board.</p>
      </div>
    );
  } else {
    body = (
      <ol aria-label="Top minters" className="space-y-3">
        {entries.map((entry, index) => (
          <MinterRow key={entry.username} entry={entry} rank={index + 1} />
        ))}
      </ol>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-bold text-gray-900">Top Minters</h1>
      <p className="mt-2 mb-8 text-gray-700">
        The creators with the most {BRAND.plural} live or sold in the marketplace, and what they have earned.
      </p>
      {body}
    </div>
  );
}
