/**
 * Which payout rails this deployment offers, decided once from the configuration (issue 11). The
 * manual rail is always there; Stripe Connect and PayPal Payouts join it when switched on.
 */
import type { Config } from '#server/config.ts';
import { manualPayoutProvider, type PayoutProvider, type PayoutRail } from './payout-provider.ts';
import { createPaypalPayouts } from './paypal.payouts.ts';
import { createStripeConnectPayouts } from './stripe-connect.payouts.ts';

/** The enabled rails, manual first, then Stripe Connect, then PayPal Payouts. */
export function payoutProvidersFromConfig(config: Config): PayoutProvider[] {
  const providers: PayoutProvider[] = [manualPayoutProvider];
  if (config.payouts.stripeConnect && config.stripe) {
    providers.push(createStripeConnectPayouts(config.stripe));
  }
  if (config.payouts.paypalPayouts && config.paypal) providers.push(createPaypalPayouts(config.paypal));
  return providers;
}

/** The provider for a rail, or null when that rail is not enabled here. */
export function findPayoutProvider(
  providers: readonly PayoutProvider[],
  rail: PayoutRail,
): PayoutProvider | null {
  return providers.find((provider) => provider.rail === rail) ?? null;
}
