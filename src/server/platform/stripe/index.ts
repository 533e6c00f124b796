import Stripe from 'stripe';
import type { Config } from '#server/config.ts';

/**
 * The Stripe SDK client both Stripe adapters use: card payments (modules/payments) and Connect
 * payouts (modules/payouts). Here, below both, so neither module imports the other for it.
 */
export type StripeSettings = NonNullable<Config['stripe']>;

/**
 * A Stripe client; STRIPE_API_URL points it elsewhere (a local fake in tests, stripe-mock), through
 * the SDK's own host/port/protocol options.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(settings.secretKey, options);
}
