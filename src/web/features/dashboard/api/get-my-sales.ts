import { queryOptions, useQuery } from '@tanstack/react-query';
import { SaleListSchema, type Sale } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-sales: the seller's paid sales, newest first, with how each delivery was confirmed. */
async function getMySales(): Promise<Sale[]> {
  return SaleListSchema.parse(await api('/api/my-sales'));
}

const mySalesQueryOptions = queryOptions({ queryKey: ['my-sales'], queryFn: getMySales });

export function useMySales() {
  return useQuery(mySalesQueryOptions);
}
