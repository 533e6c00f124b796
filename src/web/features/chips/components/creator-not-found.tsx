import { Link } from '#web/lib/router.tsx';
import { UserX } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { noCreatorMessage } from '#shared/creators.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';

/** An unknown username's gallery: said plainly, with ways on (the server answers it with a 404). */
export function CreatorNotFound({ username }: { username: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <UserX className="mx-auto h-12 w-12 text-gray-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold break-words text-gray-900">{noCreatorMessage(username)}</h1>
      <p className="mt-3 text-gray-700">
        Nobody on {BRAND.name} goes by @{username}. Check the spelling, or find creators through their{' '}
        {BRAND.plural} in the marketplace.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={ROUTES.marketplace}>Back to Marketplace</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={ROUTES.topMinters}>Top minters</Link>
        </Button>
      </div>
    </div>
  );
}
