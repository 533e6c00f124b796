import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSettingsSchema, type SiteSettings } from '#shared/settings.schemas.ts';

/** GET /api/admin/site-settings. */
async function getSettings(): Promise<SiteSettings> {
  return SiteSettingsSchema.parse(await api('/api/admin/site-settings'));
}

const settingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings });

export function useAdminSettings() {
  return useQuery(settingsQueryOptions());
}
