/**
 * Stripe.js through Stripe's own loader. Its `pure` entry injects https://js.stripe.com only when
 * loadStripe is first called, so pages that do not take a card never load Stripe. (The package has
 * no "exports" map and NodeNext does not resolve directory imports, hence the file path.)
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure/index.js';

const clients = new Map<string, Promise<Stripe>>();

/** Loads Stripe.js (once) and returns one client per publishable key; a failed load is retried next call. */
export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const existing = clients.get(publishableKey);
  if (existing) return existing;
  const client = loadStripe(publishableKey).then((stripe) => {
    if (!stripe) throw new Error('Stripe.js did not load');
    return stripe;
  });
  clients.set(publishableKey, client);
  client.catch(() => clients.delete(publishableKey));
  return client;
}
