import type { ReactNode } from 'react';
import { Link, useLocation } from '#web/lib/router.tsx';
import { ShieldX } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { TapResult } from '#shared/nfc.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useVerifyTap } from '../api/verify-tap.ts';
import { NfcChipView } from '../components/nfc-chip-view.tsx';
import { AuthenticBadge, RepeatedTapNote, SuspectedCloneNote } from '../components/tap-verdict.tsx';
import { ClaimPanel, ClaimRefusedNote } from '../components/claim-panel.tsx';
import { OwnerHandoverPanel } from '../components/owner-handover-panel.tsx';

const TITLES: Record<TapResult['status'], string> = {
  authentic: 'Authentic',
  repeated: 'Tap already seen',
  suspected_clone: 'Possible copy',
  invalid: 'Tap not verified',
  unknown_tag: 'Unknown tag',
};

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldX className="mx-auto h-12 w-12 text-gray-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{title}</h1>
      <div className="mt-4 space-y-3 text-gray-800">{children}</div>
      <Button asChild size="lg" className="mt-8">
        <Link to={ROUTES.home}>Take Me to {BRAND.name} Home</Link>
      </Button>
    </div>
  );
}

function badgeFor(result: TapResult): ReactNode {
  if (result.status === 'authentic' && result.counter !== null)
    return <AuthenticBadge counter={result.counter} />;
  if (result.status === 'repeated') return <RepeatedTapNote counter={result.counter} />;
  return <SuspectedCloneNote />;
}

/**
 * The verdict; for the buyer's tap of a chip shipped to them, that it delivered their order (decision
 * 064); for a chip being handed over, the claim this tap gives (or why it gives none); for its owner's
 * own tap, "Hand over" (decision 038).
 */
function verdictFor(result: TapResult): ReactNode {
  return (
    <>
      {badgeFor(result)}
      {result.deliveredOrderId !== null && (
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          <span className="font-semibold">Delivered: thanks for confirming.</span> Your order #
          {result.deliveredOrderId} is marked as received, and this {BRAND.name} is now with you.
        </p>
      )}
      {result.claim && <ClaimPanel claim={result.claim} />}
      {result.claimMessage && <ClaimRefusedNote message={result.claimMessage} />}
      {result.chip && result.handoverTap && (
        <OwnerHandoverPanel chip={result.chip} tap={result.handoverTap} />
      )}
    </>
  );
}

/**
 * `/?picc_data=…&cmac=…` (and the other SUN forms): the page an NTAG 424 DNA tap opens. The server checks the
 * tap's MAC and counter; the chip is shown only when the MAC verified, with the verdict under its title.
 */
export default function NfcTapPage() {
  const rawQuery = useLocation().search.replace(/^\?/, '');
  const tap = useVerifyTap(rawQuery);
  usePageTitle(tap.data ? (tap.data.chip?.title ?? TITLES[tap.data.status]) : BRAND.name);

  if (tap.isPending) {
    return (
      <div
        className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2"
        role="status"
        aria-label="Verifying tap"
      >
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    );
  }
  if (tap.isError) {
    return (
      <Message title="We couldn't check this tap">
        <p>Something went wrong while verifying. Please tap the chip again in a moment.</p>
      </Message>
    );
  }

  const result = tap.data;
  if (result.status === 'invalid') {
    return (
      <Message title="This tap could not be verified">
        <p>
          The link does not carry a valid signature from the chip&apos;s NFC tag. It may have been changed,
          cut short, or copied from somewhere else.
        </p>
        <p>
          Tap the chip again with your phone. If it still fails,{' '}
          <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
            contact support
          </Link>
          .
        </p>
      </Message>
    );
  }
  if (result.status === 'unknown_tag') {
    return (
      <Message title="Unknown tag">
        <p>This NFC tag is not registered with {BRAND.name}, so it cannot be verified.</p>
        {result.uid && (
          <p className="text-sm">
            Tag UID: <span className="font-mono break-all">{result.uid}</span>
          </p>
        )}
        <p>
          If this tag came with a chip you own,{' '}
          <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
            contact support
          </Link>
          .
        </p>
      </Message>
    );
  }
  if (!result.chip) {
    return (
      <div className="mx-auto max-w-xl space-y-6 px-4 py-20">
        <h1 className="text-3xl font-bold text-gray-900">{TITLES[result.status]}</h1>
        {verdictFor(result)}
        <p className="text-gray-800">
          {result.unavailable
            ? `This tag is genuine, but its ${BRAND.name} is unavailable.`
            : 'This tag is genuine, but it is not on a chip yet.'}
        </p>
      </div>
    );
  }
  return <NfcChipView chip={result.chip} nfcUid={result.uid ?? ''} verification={verdictFor(result)} />;
}
