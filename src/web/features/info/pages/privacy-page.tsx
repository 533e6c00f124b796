import { LegalPageView } from '../components/legal-page-view.tsx';

/** /privacy: the Privacy Policy, as the admin wrote it. */
export default function PrivacyPage() {
  return <LegalPageView page="privacy" />;
}
