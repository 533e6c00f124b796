import { Gift } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { TapClaim } from '#shared/handovers.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router.tsx';

/** The claim a fresh tap gives whoever holds a chip being handed over: "Claim this Artchip". */
export function ClaimPanel({ claim }: { claim: TapClaim }) {
  return (
    <section
      aria-labelledby="claim-heading"
      className="space-y-3 rounded-xl border border-brand-700 bg-white p-5 shadow-sm"
    >
      <h2 id="claim-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Gift className="h-5 w-5" aria-hidden="true" />
        Its owner is handing this {BRAND.name} over
      </h2>
      <p className="text-sm text-gray-800">
        {claim.feePaidBy === 'owner'
          ? 'The owner has paid the transfer fee: claim it and it is yours.'
          : 'Claim it and pay the transfer fee, and it is yours.'}{' '}
        This tap lets you claim it for the next 10 minutes.
      </p>
      <Button asChild size="lg">
        <Link to={`${ROUTES.claim}?${new URLSearchParams({ token: claim.token })}`}>
          Claim this {BRAND.name}
        </Link>
      </Button>
    </section>
  );
}

/** Why this tap cannot claim the chip being handed over. */
export function ClaimRefusedNote({ message }: { message: string }) {
  return (
    <p role="note" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
      {message}
    </p>
  );
}
