import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { isSunTapQuery } from '#shared/nfc.schemas.ts';
import { useAuth } from '#web/lib/auth.tsx';

const LandingPage = lazy(() => import('#web/features/landing/pages/landing-page.tsx'));
const SignedInHomePage = lazy(() => import('#web/features/landing/pages/signed-in-home-page.tsx'));
const NfcLandingPage = lazy(() => import('#web/features/nfc/pages/nfc-landing-page.tsx'));
const NfcTapPage = lazy(() => import('#web/features/nfc/pages/nfc-tap-page.tsx'));

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
