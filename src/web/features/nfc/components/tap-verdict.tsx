import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';

/** The green badge of an authentic tap; N is the tag's own read counter. */
export function AuthenticBadge({ counter }: { counter: number }) {
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-green-700 bg-green-50 px-4 py-2 text-base font-semibold text-green-900"
    >
      <ShieldCheck className="h-5 w-5" aria-hidden="true" />
      Authentic — verified tap #{counter}
    </p>
  );
}

/** The same link was opened before: a reload or a link preview, not a forgery; a new tap proves it again. */
export function RepeatedTapNote({ counter }: { counter: number | null }) {
  return (
    <div role="note" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldQuestion className="h-5 w-5 flex-none" aria-hidden="true" />
        This tap was already seen{counter === null ? '' : ` (tap #${counter})`}
      </p>
      <p className="mt-2">
        This link was opened before — by reloading the page, or by a link preview (messaging apps and browsers
        open links to show a preview). Each tap makes a new one-time link, so an old link cannot prove the
        chip again.
      </p>
      <p className="mt-2 font-medium">Tap the chip with your phone again to verify it.</p>
    </div>
  );
}

/** The tap is genuine crypto but older than one already verified: a recorded tap replayed, or a copy. */
export function SuspectedCloneNote() {
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-sm text-red-950">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="h-5 w-5 flex-none" aria-hidden="true" />
        Possible copy: this tap is older than one we have already verified for this chip
      </p>
      <p className="mt-2">
        A genuine chip counts up with every tap. This link carries an earlier count, so it may be a recorded
        link replayed, or the tag may have been copied.
      </p>
      <p className="mt-2">
        <span className="font-semibold">What to do:</span> don&apos;t rely on this link to buy or hand over
        the chip. Tap the physical chip again yourself; if you see this warning again,{' '}
        <Link to={ROUTES.contact} className="font-semibold underline">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}
