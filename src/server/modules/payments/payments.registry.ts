/**
 * Which provider takes each payment method, decided once per app from its configuration: the live
 * provider configured for a method wins; otherwise the demo provider when demo payments are on;
 * otherwise the method cannot be used. Live adapters are added to PAYMENT_PROVIDER_FACTORIES; checkout
 * and order code never name a provider.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { Config } from '#server/config.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/settings.schemas.ts';
import type { PaymentOption } from '#shared/checkout.schemas.ts';
import { demoProviderFor } from './demo.provider.ts';
import type { PaymentContext, PaymentProvider } from './payment-provider.ts';
import { paypalProviderFactory } from './paypal.provider.ts';
import { solanaProviderFactory } from './solana.provider.ts';
import { stripeProviderFactory } from './stripe.provider.ts';

/** Builds a live provider when its keys are configured, else returns null. */
export type PaymentProviderFactory = (config: Config) => PaymentProvider | null;

/**
 * Live adapters (Stripe for card, PayPal, Solana Pay for the token) register here, e.g.
 * `(config) => (config.stripe ? createStripeProvider(config.stripe) : null)`.
 */
export const PAYMENT_PROVIDER_FACTORIES: PaymentProviderFactory[] = [
  stripeProviderFactory,
  paypalProviderFactory,
  solanaProviderFactory,
];

/** The providers of one app, by method and by name. */
export type PaymentRegistry = {
  /** The provider that takes `method` now, or null when the method cannot be paid here. */
  providerFor: (method: PaymentMethod) => PaymentProvider | null;
  /** A provider by the name stored on an order (for lookups and webhooks). */
  byName: (name: string) => PaymentProvider | null;
  /** Every distinct provider in use. */
  providers: () => PaymentProvider[];
};

/** Builds a registry from a list of candidate providers (live ones first) and the demo switch. */
function createPaymentRegistry(candidates: PaymentProvider[], demoPayments: boolean): PaymentRegistry {
  const byMethod = new Map<PaymentMethod, PaymentProvider>();
  for (const method of PAYMENT_METHODS) {
    const live = candidates.find((p) => p.mode === 'live' && p.methods.includes(method));
    const chosen =
      live ??
      (demoPayments ? candidates.find((p) => p.mode === 'demo' && p.methods.includes(method)) : undefined);
    if (chosen) byMethod.set(method, chosen);
  }
  const inUse = [...new Set(byMethod.values())];
  return {
    providerFor: (method) => byMethod.get(method) ?? null,
    byName: (name) => inUse.find((p) => p.name === name) ?? null,
    providers: () => inUse,
  };
}

// Keyed by the config object, which every encapsulated plugin context of one app shares.
const registries = new WeakMap<Config, PaymentRegistry>();

/** The app's payment registry, built from its config on first use. */
export function getPaymentRegistry(ctx: ServiceContext): PaymentRegistry {
  let registry = registries.get(ctx.config);
  if (!registry) {
    const live = PAYMENT_PROVIDER_FACTORIES.map((factory) => factory(ctx.config)).filter(
      (p): p is PaymentProvider => p !== null,
    );
    registry = createPaymentRegistry([...live, demoProviderFor(ctx.config)], ctx.config.demoPayments);
    registries.set(ctx.config, registry);
  }
  return registry;
}

/** Replaces an app's providers (tests, or a caller wiring adapters by hand before the app is ready). */
export function setPaymentProviders(ctx: ServiceContext, providers: PaymentProvider[]): void {
  registries.set(ctx.config, createPaymentRegistry(providers, ctx.config.demoPayments));
}

/** The methods `allowed` by the settings that some provider can take, each labelled demo or live. */
export function paymentOptionsFor(ctx: ServiceContext, allowed: readonly PaymentMethod[]): PaymentOption[] {
  const registry = getPaymentRegistry(ctx);
  const options: PaymentOption[] = [];
  for (const method of allowed) {
    const provider = registry.providerFor(method);
    if (provider) options.push({ method, mode: provider.mode });
  }
  return options;
}

/** What the app's adapters may use (PaymentContext): never the app itself. */
export function paymentContext(ctx: ServiceContext): PaymentContext {
  return { db: ctx.db, log: ctx.log, publicUrl: ctx.config.publicUrl };
}
