import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSettingsSchema } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * The direct-PayPal markup percentage from GET /api/site-settings ("20.00"), the only source for
 * that figure (PRODUCT.md "One source of truth for money").
 */
export async function getPaypalMarkupPercent(): Promise<string> {
  return SiteSettingsSchema.parse(await api('/api/site-settings')).paypalMarkupPercent;
}

export const paypalMarkupQueryOptions = queryOptions({
  queryKey: ['site-settings', 'paypal-markup'],
  queryFn: getPaypalMarkupPercent,
  staleTime: 5 * 60_000,
});

export function usePaypalMarkupPercent(options: { enabled?: boolean } = {}) {
  return useQuery({ ...paypalMarkupQueryOptions, enabled: options.enabled ?? true });
}
