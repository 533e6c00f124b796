import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminCustomerDetailSchema, type AdminCustomerDetail } from '#shared/admin.schemas.ts';

/** GET /api/admin/customers/:id: contact, addresses, minted and purchased chips. */
async function getCustomer(id: number): Promise<AdminCustomerDetail> {
  return AdminCustomerDetailSchema.parse(await api(`/api/admin/customers/${id}`));
}

const customerQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'customer', id], queryFn: () => getCustomer(id) });

export function useCustomer(id: number | null) {
  return useQuery({ ...customerQueryOptions(id ?? 0), enabled: id !== null });
}
