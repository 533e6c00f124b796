import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentsConfigSchema, type PaymentsConfig } from '#shared/payments.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/payments/config: per method live or demo, and the public keys of the live providers. */
async function getPaymentsConfig(): Promise<PaymentsConfig> {
  return PaymentsConfigSchema.parse(await api('/api/payments/config', { anonymous: true }));
}

const paymentsConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: getPaymentsConfig,
  // Decided at server start-up; it does not change while a page is open.
  staleTime: 10 * 60_000,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions);
}

/** 'live' or 'demo' for one method, null when this deployment cannot take it (undefined while loading). */
export function usePaymentMethodMode(method: PaymentMethod): 'live' | 'demo' | null | undefined {
  const config = usePaymentsConfig();
  if (!config.data) return undefined;
  return config.data.methods.find((m) => m.method === method)?.mode ?? null;
}
