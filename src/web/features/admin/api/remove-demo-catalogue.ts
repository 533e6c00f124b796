import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DemoCatalogueRemovalSchema, type DemoCatalogueRemoval } from '#shared/demo.schemas.ts';

/** DELETE /api/admin/demo-catalogue. */
async function removeDemoCatalogue(): Promise<DemoCatalogueRemoval> {
  return DemoCatalogueRemovalSchema.parse(await api('/api/admin/demo-catalogue', { method: 'DELETE' }));
}

export function useRemoveDemoCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeDemoCatalogue,
    onSuccess: (result) => {
      client.setQueryData(['admin', 'demo-catalogue'], result.catalogue);
      // The admin's chip lists and figures, and the public chip lists, changed.
      return Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['chips'] }),
      ]);
    },
  });
}
