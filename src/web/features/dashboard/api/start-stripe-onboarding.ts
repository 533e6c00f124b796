import { useMutation } from '@tanstack/react-query';
import { StripeOnboardingSchema, type StripeOnboardingInput } from '#shared/payouts.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/my-payout-account/stripe-onboarding: creates the user's Stripe Connect account if needed
 * and answers where Stripe's onboarding continues; Stripe sends them back to the dashboard after.
 * It needs the current password (decision 077: Stripe is where the bank account paid to is set).
 */
async function startStripeOnboarding(proof: NonNullable<StripeOnboardingInput>): Promise<string> {
  return StripeOnboardingSchema.parse(
    await api('/api/my-payout-account/stripe-onboarding', { method: 'POST', body: proof }),
  ).url;
}

export function useStartStripeOnboarding() {
  return useMutation({ mutationFn: startStripeOnboarding });
}
