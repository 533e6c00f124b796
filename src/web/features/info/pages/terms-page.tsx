import { LegalPageView } from '../components/legal-page-view.tsx';

/** /terms: the Terms of Service, as the admin wrote them. */
export default function TermsPage() {
  return <LegalPageView page="terms" />;
}
