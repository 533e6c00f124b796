import { Link } from '#web/lib/router.tsx';
import { Heart } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** A thank-you page with the ways onward. */
export default function ThankYouPage() {
  usePageTitle('Thank you');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <Heart className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-gray-900">Thank You!</h1>
      <p className="mt-3 text-lg text-gray-700">
        Thanks for being part of {BRAND.name}. Discover new {BRAND.plural}, or find out how minting, shipping
        and the vault work.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={ROUTES.marketplace}>Explore the Marketplace</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={ROUTES.home}>Back to Home</Link>
        </Button>
      </div>
      <p className="mt-8 text-gray-700">
        Questions? Read the{' '}
        <Link to={ROUTES.faq} className="font-medium text-brand-700 underline">
          FAQ
        </Link>{' '}
        or{' '}
        <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
          contact us
        </Link>
        .
      </p>
    </div>
  );
}
