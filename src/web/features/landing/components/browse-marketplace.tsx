import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';

/** Said where chips would be shown and none are: a way on to the marketplace. */
export function BrowseMarketplace({ className }: { className: string }) {
  return (
    <p className={className}>
      <Link to={ROUTES.marketplace} className="font-medium text-brand-700 underline">
        Browse the marketplace
      </Link>{' '}
      to see every {BRAND.name} for sale.
    </p>
  );
}
