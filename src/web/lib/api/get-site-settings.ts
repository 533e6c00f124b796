import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSettingsSchema, type SiteSettings } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/site-settings: prices, fees and the payment methods each order type offers. */
async function getSiteSettings(): Promise<SiteSettings> {
  return SiteSettingsSchema.parse(await api('/api/site-settings'));
}

const siteSettingsQueryOptions = queryOptions({
  // The admin's settings change invalidates ['site-settings'].
  queryKey: ['site-settings'],
  queryFn: getSiteSettings,
  staleTime: 60_000,
});

export function useSiteSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...siteSettingsQueryOptions, enabled: options.enabled ?? true });
}
