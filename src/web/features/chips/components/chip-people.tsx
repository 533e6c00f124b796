import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { COMPANY_CREATOR_ID, type Chip } from '#shared/chips.schemas.ts';
import { Avatar } from '#web/components/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';

type PeopleChip = Pick<
  Chip,
  | 'creatorId'
  | 'creatorUsername'
  | 'creatorProfileImageUrl'
  | 'ownerUsername'
  | 'ownerProfileImageUrl'
  | 'ownerIsCollector'
>;

function Person({
  role,
  username,
  imageUrl,
  badge,
}: {
  role: string;
  /** null: someone without a public name, shown as "a collector". */
  username: string | null;
  imageUrl: string | null;
  badge?: ReactNode;
}) {
  return (
    <li className="flex min-w-0 items-center gap-3">
      <Avatar username={username ?? 'collector'} imageUrl={imageUrl} />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-gray-700 uppercase">{role}</p>
        <p className="flex flex-wrap items-center gap-2">
          {username === null ? (
            <span className="font-medium text-gray-900">A collector</span>
          ) : (
            <Link
              to={ROUTES.gallery(username)}
              className="truncate font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              @{username}
            </Link>
          )}
          {badge}
        </p>
      </div>
    </li>
  );
}

/** Who made the chip and who holds it now, each with their picture and a link to their gallery. */
export function ChipPeople({ chip }: { chip: PeopleChip }) {
  // Creators are labelled as creators (issue 27): "Company" only for the company's own chips.
  const maker = chip.creatorId === COMPANY_CREATOR_ID ? 'Company' : 'Creator';
  // No owner on record: the creator still holds it; an owner without a public name is "a collector".
  const ownerUsername = chip.ownerIsCollector ? null : (chip.ownerUsername ?? chip.creatorUsername);
  return (
    <ul aria-label="People" className="grid gap-4 sm:grid-cols-2">
      <Person
        role="Created by"
        username={chip.creatorUsername}
        imageUrl={chip.creatorProfileImageUrl}
        badge={<Badge tone={maker === 'Company' ? 'brand' : 'gray'}>{maker}</Badge>}
      />
      <Person role="Owned by" username={ownerUsername} imageUrl={chip.ownerProfileImageUrl} />
    </ul>
  );
}
