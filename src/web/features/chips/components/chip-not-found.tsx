import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';

/** Spec §8 "Artchip Not Found", with the way back to the marketplace. */
export function ChipNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{BRAND.name} Not Found</h1>
      <p className="mt-3 text-gray-700">
        The {BRAND.name} you&apos;re looking for doesn&apos;t exist or has been removed.
      </p>
      <Button asChild className="mt-6">
        <Link to={ROUTES.marketplace}>Back to Marketplace</Link>
      </Button>
    </div>
  );
}
