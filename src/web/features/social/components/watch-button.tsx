import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { cn } from '#web/components/ui/cn.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { useMyWatches, useSetWatch } from '../api/social-api.ts';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const watchingWords = (n: number) => `${n} watching`;

/**
 * The heart on every chip card and chip page (issue 31), listed, sold or unlisted: "N watching" for
 * everyone; a signed-in viewer watches or stops watching; a visitor is sent to log in. Whether the
 * viewer watches comes from one list of their watches per page, never from the chip's own answer (that
 * one is public and cached).
 */
export function WatchButton({
  chip,
  size = 'sm',
  overlay = false,
  className,
}: {
  chip: { id: number; title: string; watchCount: number };
  size?: 'sm' | 'md';
  /** On a card's picture: a white pill over the art's corner, taking no room of its own. */
  overlay?: boolean;
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const watches = useMyWatches();
  const setWatch = useSetWatch(chip.id);
  const loginHref = useReturnHref(ROUTES.login);
  const [answer, setAnswer] = useState<{ watching: boolean; watchCount: number } | null>(null);
  const watching = answer?.watching ?? watches.data?.some((w) => w.chipId === chip.id) ?? false;
  const count = answer?.watchCount ?? chip.watchCount;
  const classes = cn(
    'inline-flex min-h-6 items-center gap-1 rounded-md px-1.5 font-medium text-gray-700 hover:bg-gray-100 hover:text-red-700',
    size === 'sm' ? 'text-xs' : 'text-sm',
    overlay && 'rounded-full bg-white/95 px-2 shadow-sm',
    watching && 'text-red-700',
    className,
  );
  if (!isAuthenticated) {
    return (
      <Link
        to={loginHref}
        className={classes}
        aria-label={`Watch ${chip.title} (log in first), ${watchingWords(count)}`}
      >
        <HeartIcon filled={false} />
        <span aria-hidden="true">{watchingWords(count)}</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={watching}
      aria-label={`Watch ${chip.title}, ${watchingWords(count)}`}
      disabled={setWatch.isPending}
      onClick={() => setWatch.mutate(!watching, { onSuccess: setAnswer })}
    >
      <HeartIcon filled={watching} />
      <span aria-hidden="true">{watchingWords(count)}</span>
    </button>
  );
}
