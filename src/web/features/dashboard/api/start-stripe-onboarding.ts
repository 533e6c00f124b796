import { useMutation } from '@tanstack/react-query';
import { StripeOnboardingSchema } from '#shared/payouts.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/my-payout-account/stripe-onboarding: creates the user's Stripe Connect account if needed
 * and answers where Stripe's onboarding continues; Stripe sends them back to the dashboard after.
 */
async function startStripeOnboarding(): Promise<string> {
  return StripeOnboardingSchema.parse(
    await api('/api/my-payout-account/stripe-onboarding', { method: 'POST' }),
  ).url;
}

export function useStartStripeOnboarding() {
  return useMutation({ mutationFn: startStripeOnboarding });
}
