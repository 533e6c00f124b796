import { useState } from 'react';
import { Gift } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { CLAIM_INVALID_MESSAGE, CLAIM_TOKEN_MINUTES } from '#shared/handovers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { HandoverExplainer } from '#web/components/handover-explainer.tsx';
import { formatClockTime } from '#web/lib/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { PAYMENT_METHOD_LABELS, useGoToPayment } from '#web/features/checkout/index.ts';
import { useClaimChip, useClaimPreview } from '../api/claim-chip.ts';

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
 * return path brings them back here, token and all); a signed-in holder sees what claiming costs (the
 * transfer fee, who pays it, the method to pay it with, how long the claim lasts) before claiming,
 * and pays the fee when it is theirs to pay.
 */
export default function ClaimPage() {
  usePageTitle(`Claim this ${BRAND.name}`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const claim = useClaimChip();
  const goToPayment = useGoToPayment();
  const preview = useClaimPreview(token, { enabled: Boolean(user) });
  const [chosen, setChosen] = useState<PaymentMethod | ''>('');
  const options = preview.data?.paymentOptions ?? [];
  const method = chosen || options[0]?.method;
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
          To claim it you need an {BRAND.name} account: log in, or sign up for free. You will come back here
          to finish. Your tap lets you claim it for {CLAIM_TOKEN_MINUTES} minutes; if the time runs out, tap
          the chip again.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={signupHref}>Sign up to claim</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={loginHref}>Log in to claim</Link>
          </Button>
        </div>
        <HandoverExplainer viewer="claimant" />
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

  if (preview.isPending) {
    return (
      <Shell>
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      </Shell>
    );
  }
  if (preview.isError) {
    return (
      <Shell>
        <FormAlert>{errorMessage(preview.error, CLAIM_INVALID_MESSAGE)}</FormAlert>
        <HandoverExplainer viewer="claimant" />
      </Shell>
    );
  }
  const claimInfo = preview.data;
  const youPay = claimInfo.feePaidBy === 'claimant' && claimInfo.feeCents > 0;

  return (
    <Shell>
      <p className="text-gray-800">
        Signed in as <span className="font-semibold">@{user.username}</span>. Its owner is handing{' '}
        <Link to={claimInfo.chipPath} className="font-semibold text-brand-700 underline">
          {claimInfo.chipTitle}
        </Link>{' '}
        over. Claim it and it is yours.
      </p>
      <section
        aria-labelledby="claim-fee-heading"
        className="space-y-2 rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-800"
      >
        <h2 id="claim-fee-heading" className="text-base font-semibold text-gray-900">
          Transfer fee
        </h2>
        {youPay ? (
          <>
            <p>
              <span className="font-semibold text-gray-900">You pay {formatUsd(claimInfo.feeCents)}</span>{' '}
              when you claim; the owner chose to leave the fee to whoever claims it.
            </p>
            {claimInfo.rule && <p className="text-gray-700">{claimInfo.rule}</p>}
          </>
        ) : (
          <p>
            <span className="font-semibold text-gray-900">You pay nothing:</span> the owner has paid the
            transfer fee.
          </p>
        )}
        <p className="text-gray-700">
          This claim lasts until {formatClockTime(new Date(claimInfo.expiresAt))} ({CLAIM_TOKEN_MINUTES}{' '}
          minutes after your tap). The first person to tap and claim gets it.
        </p>
      </section>
      {youPay && options.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">Pay the fee with</legend>
          {options.map((option) => (
            <label key={option.method} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="claim-method"
                value={option.method}
                checked={method === option.method}
                onChange={() => setChosen(option.method)}
              />
              {PAYMENT_METHOD_LABELS[option.method]}
              {option.mode === 'demo' && <Badge tone="yellow">Demo</Badge>}
            </label>
          ))}
        </fieldset>
      )}
      <FormAlert>
        {claim.isError ? errorMessage(claim.error, 'Failed to claim. Please try again.') : null}
      </FormAlert>
      <Button size="lg" disabled={claim.isPending} onClick={() => void submit().catch(() => undefined)}>
        {claim.isPending
          ? 'Claiming...'
          : youPay
            ? `Claim and pay ${formatUsd(claimInfo.feeCents)}`
            : `Claim this ${BRAND.name}`}
      </Button>
      <HandoverExplainer viewer="claimant" />
    </Shell>
  );
}
