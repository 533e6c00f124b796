import { Gift } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { CLAIM_INVALID_MESSAGE } from '#shared/handovers.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useGoToPayment } from '#web/features/checkout/index.ts';
import { useClaimChip } from '../api/claim-chip.ts';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold text-gray-900">
        <Gift className="h-8 w-8" aria-hidden="true" />
        Claim this {BRAND.name}
      </h1>
      {children}
    </div>
  );
}

/**
 * /claim?token=…: where a fresh tap's "Claim this Artchip" leads. A visitor signs in or up first (the
 * return path brings them back here, token and all); a signed-in holder claims, and pays the transfer
 * fee when it is theirs to pay.
 */
export default function ClaimPage() {
  usePageTitle(`Claim this ${BRAND.name}`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const claim = useClaimChip();
  const goToPayment = useGoToPayment();
  // The claimant pays with the first purchase method the site offers (a demo one in demo mode).
  const settings = useSiteSettings({ enabled: Boolean(user) });
  const method = settings.data?.paymentMethods.purchase[0];
  const loginHref = useReturnHref(ROUTES.login);
  const signupHref = useReturnHref(ROUTES.signup);

  if (!token) {
    return (
      <Shell>
        <FormAlert>{CLAIM_INVALID_MESSAGE}</FormAlert>
      </Shell>
    );
  }
  if (isLoading) {
    return (
      <Shell>
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      </Shell>
    );
  }
  if (!user) {
    return (
      <Shell>
        <p className="text-gray-800">
          Sign in or create an account to claim it. You will come back here to finish.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={signupHref}>Sign up to claim</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={loginHref}>Log in to claim</Link>
          </Button>
        </div>
      </Shell>
    );
  }

  async function submit() {
    const answer = await claim.mutateAsync({ token, ...(method ? { paymentMethod: method } : {}) });
    const checkout = CheckoutResponseSchema.safeParse(answer);
    if (checkout.success) await goToPayment(checkout.data, method ?? 'card');
  }

  if (claim.isSuccess && !claim.data.orderId) {
    return (
      <Shell>
        <p role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-950">
          It is yours now. It has been handed over to you and its history says so.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={ROUTES.dashboard}>See my collection</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={claim.data.chipPath}>Open its page</Link>
          </Button>
        </div>
      </Shell>
    );
  }

  return (
    <Shell>
      <p className="text-gray-800">
        Signed in as <span className="font-semibold">@{user.username}</span>. Claim it to make it yours; if
        the transfer fee is yours to pay, you pay it next.
      </p>
      <FormAlert>
        {claim.isError ? errorMessage(claim.error, 'Failed to claim. Please try again.') : null}
      </FormAlert>
      <Button size="lg" disabled={claim.isPending} onClick={() => void submit().catch(() => undefined)}>
        {claim.isPending ? 'Claiming...' : `Claim this ${BRAND.name}`}
      </Button>
    </Shell>
  );
}
