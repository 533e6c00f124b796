import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Page not found</h1>
      <p className="mt-2 text-gray-700">The page you are looking for does not exist or has moved.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to={ROUTES.home}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Go home
        </Link>
        <Link
          to={ROUTES.marketplace}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50"
        >
          Browse the marketplace
        </Link>
      </div>
    </div>
  );
}
