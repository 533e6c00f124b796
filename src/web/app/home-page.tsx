import { useSearchParams } from '#web/lib/router.tsx';
import { isSunTapQuery } from '#shared/nfc.schemas.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { LandingPage, SignedInHomePage } from '#web/features/landing/pages.ts';
import { NfcLandingPage, NfcTapPage } from '#web/features/nfc/pages.ts';

/**
 * `/`: with a UID (or a SUN tap's parameters) the NFC landing; otherwise the signed-in home
 * for authenticated users and the public landing page for visitors.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  const { isAuthenticated } = useAuth();
  if (isSunTapQuery(params)) return <NfcTapPage />;
  if (params.has('UID') || params.has('uid')) return <NfcLandingPage />;
  return isAuthenticated ? <SignedInHomePage /> : <LandingPage />;
}
