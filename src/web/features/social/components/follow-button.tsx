import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { useMyFollows, useSetFollow } from '../api/social-api.ts';

const followerWords = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

/**
 * Follow a creator (gallery and chip pages, issue 31), with their public "N followers". Nobody follows
 * themselves: their own gallery shows the count alone.
 */
export function FollowButton({ username, followerCount }: { username: string; followerCount: number }) {
  const { user, isAuthenticated } = useAuth();
  const follows = useMyFollows();
  const setFollow = useSetFollow(username);
  const loginHref = useReturnHref(ROUTES.login);
  const [answer, setAnswer] = useState<{ following: boolean; followerCount: number } | null>(null);
  const following =
    answer?.following ??
    follows.data?.some((f) => f.username.toLowerCase() === username.toLowerCase()) ??
    false;
  // The count comes with the page's own answer (the gallery's profile, the chip's creatorFollowerCount):
  // asking the creator profile here would make every chip page depend on every chip (decision 078).
  const count = answer?.followerCount ?? followerCount;
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
