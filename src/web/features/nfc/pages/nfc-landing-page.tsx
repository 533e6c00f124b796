import { Navigate, useSearchParams } from '#web/lib/router.tsx';
import { BRAND } from '#shared/brand.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useChipByNfcUid } from '../api/get-chip-by-nfc-uid.ts';
import { NfcChipView, NotVerifiedNote } from '../components/nfc-chip-view.tsx';
import { NfcNotFound } from '../components/nfc-not-found.tsx';
import { readLegacyNfcUid } from '../lib/legacy-uid.ts';

/**
 * `/?UID=…`: the chip a legacy NFC link names. Such a link is static, so it proves nothing about
 * the tag; the page says so. Verified SUN taps get their own page around NfcChipView.
 */
export default function NfcLandingPage() {
  const [params] = useSearchParams();
  const nfcUid = readLegacyNfcUid(params);
  const chip = useChipByNfcUid(nfcUid);
  usePageTitle(chip.data?.title ?? (chip.isError ? 'Page Not Found' : BRAND.name));

  if (!nfcUid) return <Navigate to="/" replace />;
  if (chip.isPending) {
    return (
      <div
        className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2"
        role="status"
        aria-label={`Loading ${BRAND.name}`}
      >
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    );
  }
  if (chip.isError) return <NfcNotFound nfcUid={nfcUid} />;
  return <NfcChipView chip={chip.data} nfcUid={nfcUid} verification={<NotVerifiedNote />} />;
}
