/** The few Stripe.js v3 calls the card form makes (we load Stripe's script; no npm client needed). */
import { STRIPE_JS_URL } from '#shared/payments.schemas.ts';
import { loadScript } from './load-script.ts';

export type StripeCardChange = { complete: boolean; error?: { message: string } };

export type StripeCardElement = {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
  focus: () => void;
  on: (event: 'change' | 'ready', handler: (e: StripeCardChange) => void) => void;
};

export type StripeConfirmResult = {
  error?: { message?: string; type?: string };
  paymentIntent?: { id: string; status: string };
};

export type StripeJs = {
  elements: () => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  confirmCardPayment: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement }; return_url?: string },
  ) => Promise<StripeConfirmResult>;
};

type StripeFactory = (publishableKey: string) => StripeJs;

const instances = new Map<string, StripeJs>();

/** Loads Stripe.js from https://js.stripe.com/v3 (once) and returns a client for the publishable key. */
export async function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  const existing = instances.get(publishableKey);
  if (existing) return existing;
  await loadScript(STRIPE_JS_URL);
  const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (!factory) throw new Error('Stripe.js did not load');
  const stripe = factory(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}
