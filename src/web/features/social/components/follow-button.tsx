import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useHydrated } from '#web/lib/hydration.ts';
import { useReturnHref } from '#web/lib/return-to.ts';
import { useFollowerCount, useMyFollows, useSetFollow } from '../api/social-api.ts';

const followerWords = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

/**
 * Follow a creator (gallery and chip pages, issue 31), with their public "N followers". Nobody follows
 * themselves: their own gallery shows the count alone.
 */
export function FollowButton({ username, followerCount }: { username: string; followerCount?: number }) {
  const { user, isAuthenticated } = useAuth();
  const follows = useMyFollows();
  const setFollow = useSetFollow(username);
  const loginHref = useReturnHref(ROUTES.login);
  const [answer, setAnswer] = useState<{ following: boolean; followerCount: number } | null>(null);
  const following =
    answer?.following ??
    follows.data?.some((f) => f.username.toLowerCase() === username.toLowerCase()) ??
    false;
  // The chip page has no profile of its creator: their count is asked for here, once the page has
  // hydrated. Read while rendering on the server, the profile (which any chip's change drops) would make
  // every chip page depend on every chip (decision 078).
  const hydrated = useHydrated();
  const asked = useFollowerCount(username, followerCount === undefined && hydrated);
  const count = answer?.followerCount ?? followerCount ?? asked.data;
  const isSelf = user?.username.toLowerCase() === username.toLowerCase();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!isSelf &&
        (isAuthenticated ? (
          <Button
            size="sm"
            variant={following ? 'secondary' : 'primary'}
            aria-pressed={following}
            disabled={setFollow.isPending}
            onClick={() => setFollow.mutate(!following, { onSuccess: setAnswer })}
          >
            {following ? 'Following' : 'Follow'}
            <span className="sr-only"> @{username}</span>
          </Button>
        ) : (
          <Button size="sm" asChild>
            <Link to={loginHref}>
              Follow<span className="sr-only"> @{username} (log in first)</span>
            </Link>
          </Button>
        ))}
      {count !== undefined && <span className="text-sm text-gray-700">{followerWords(count)}</span>}
    </div>
  );
}
