import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SiteSettingsSchema,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '#shared/settings.schemas.ts';

/** PUT /api/admin/site-settings. */
async function updateSettings(input: UpdateSiteSettingsInput): Promise<SiteSettings> {
  return SiteSettingsSchema.parse(await api('/api/admin/site-settings', { method: 'PUT', body: input }));
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
