import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The NFC landing's error view: no chip is assigned to this UID (yet). */
export function NfcNotFound({ nfcUid }: { nfcUid: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-gray-900">Page Not Found</h1>
      <p className="mt-4 text-gray-800">You&apos;ve reached a page that isn&apos;t created on our site.</p>
      <p className="mt-2 text-gray-700">
        This {BRAND.name} may not be assigned yet. If you think this is a mistake,{' '}
        <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
          contact us
        </Link>
        .
      </p>
      <p className="mt-4 text-sm text-gray-800">
        NFC UID searched: <span className="font-mono break-all">{nfcUid}</span>
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={ROUTES.home}>Take Me to {BRAND.name} Home</Link>
      </Button>
    </div>
  );
}
