import { ExternalLink } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import type { CreatorProfile } from '#shared/creators.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Avatar } from '#web/components/avatar.tsx';
import { ShareButton } from '#web/components/share-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatMonthYear } from '#web/lib/dates.ts';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { safeExternalUrl } from '../lib/chip-format.ts';

/** "March 2030": when a member joined. */
function formatJoined(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return formatMonthYear(date, timeZone);
}

/** A creator's gallery header: picture, name, when they joined, bio, links and figures. */
export function CreatorHeader({ profile }: { profile: CreatorProfile }) {
  const timeZone = useDisplayTimeZone();
  const { figures } = profile;
  const links = profile.links.flatMap((link) => {
    const href = safeExternalUrl(link.url);
    return href ? [{ ...link, href }] : [];
  });
  const stats = [
    {
      label: `${figures.chipsMinted === 1 ? BRAND.name : BRAND.plural} minted`,
      value: String(figures.chipsMinted),
    },
    { label: 'Sold', value: String(figures.chipsSold) },
    { label: 'Sales volume', value: formatUsd(figures.salesVolumeCents) },
  ];
  return (
    <header className="mt-6 mb-10 space-y-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar username={profile.username} imageUrl={profile.profileImageUrl} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <h1 className="text-3xl font-bold break-words text-gray-900">@{profile.username}</h1>
              <p className="mt-1 text-sm text-gray-700">
                Joined <time dateTime={profile.joinedAt}>{formatJoined(profile.joinedAt, timeZone)}</time>
              </p>
            </div>
            <ShareButton
              title={`@${profile.username} on ${BRAND.name}`}
              subject={`@${profile.username}'s gallery`}
            />
          </div>
          {profile.bio && <p className="max-w-2xl whitespace-pre-line text-gray-800">{profile.bio}</p>}
          {links.length > 0 && (
            <ul aria-label="Links" className="flex flex-wrap gap-x-5 gap-y-2">
              {links.map((link) => (
                <li key={`${link.label}-${link.href}`}>
                  <a
                    href={link.href}
                    target="_blank"
                    // A member's link: no referrer, no ranking credit, no access back to this page.
                    rel="noopener noreferrer nofollow ugc"
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {link.label} <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-3 divide-x divide-gray-200 rounded-xl border border-gray-200 bg-white">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1 px-3 py-4 text-center sm:px-6">
            <dt className="text-xs font-medium text-gray-700 sm:text-sm">{stat.label}</dt>
            <dd className="text-xl font-bold text-gray-900 sm:text-2xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}

/** The header's shape while the profile loads. */
export function CreatorHeaderSkeleton() {
  return (
    <div className="mt-6 mb-10 space-y-6" role="status" aria-label="Loading the creator">
      <div className="flex items-center gap-5">
        <Skeleton className="h-20 w-20 rounded-full sm:h-24 sm:w-24" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-20 w-full rounded-xl" />
    </div>
  );
}
