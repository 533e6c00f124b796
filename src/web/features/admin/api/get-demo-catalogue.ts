import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DemoCatalogueSchema, type DemoCatalogue } from '#shared/demo.schemas.ts';

/** GET /api/admin/demo-catalogue: what of the demo catalogue is still on the site. */
async function getDemoCatalogue(): Promise<DemoCatalogue> {
  return DemoCatalogueSchema.parse(await api('/api/admin/demo-catalogue'));
}

const demoCatalogueQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'demo-catalogue'], queryFn: getDemoCatalogue });

export function useDemoCatalogue() {
  return useQuery(demoCatalogueQueryOptions());
}
