import type { ServiceContext } from '#server/lib/service-context.ts';
import type { PaymentsConfig } from '#shared/payments.schemas.ts';
import { PAYMENT_METHODS } from '#shared/settings.schemas.ts';
import { getPaymentRegistry } from './payments.registry.ts';

/**
 * GET /api/payments/config: per payment method, the provider that takes it and whether it is live or
 * a demo (decided at start-up from the configuration), plus the public keys live browser flows need.
 * Secrets never leave the server: only the Stripe publishable key and the PayPal client id.
 */
export function getPaymentsConfig(ctx: ServiceContext): PaymentsConfig {
  const registry = getPaymentRegistry(ctx);
  const methods: PaymentsConfig['methods'] = [];
  for (const method of PAYMENT_METHODS) {
    const provider = registry.providerFor(method);
    if (provider) methods.push({ method, mode: provider.mode, provider: provider.name });
  }
  const isLive = (name: string) => registry.providers().some((p) => p.name === name && p.mode === 'live');
  const { stripe, paypal, solana } = ctx.config;
  return {
    methods,
    stripe: stripe && isLive('stripe') ? { publishableKey: stripe.publishableKey } : null,
    paypal: paypal && isLive('paypal') ? { clientId: paypal.clientId } : null,
    solana:
      solana && isLive('solana')
        ? { tokenMint: solana.tokenMint, treasuryWallet: solana.treasuryWallet }
        : null,
  };
}
