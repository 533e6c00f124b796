import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SiteSettingsSchema,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '#shared/settings.schemas.ts';
import { adminApi } from '../lib/admin-session.ts';

/** PUT /api/admin/site-settings. */
export async function updateSettings(input: UpdateSiteSettingsInput): Promise<SiteSettings> {
  return SiteSettingsSchema.parse(await adminApi('/api/admin/site-settings', { method: 'PUT', body: input }));
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      client.setQueryData(['admin', 'settings'], settings);
      // Public pages quote fees from the public settings; make them refetch.
      return client.invalidateQueries({ queryKey: ['site-settings'] });
    },
  });
}
