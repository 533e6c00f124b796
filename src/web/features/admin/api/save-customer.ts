import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminCustomerDetailSchema,
  type AdminCustomerDetail,
  type CustomerInput,
} from '#shared/admin.schemas.ts';

/** POST /api/admin/customers (id null) or PUT /api/admin/customers/:id. */
async function saveCustomer(id: number | null, input: CustomerInput): Promise<AdminCustomerDetail> {
  const res = await api(id === null ? '/api/admin/customers' : `/api/admin/customers/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: input,
  });
  return AdminCustomerDetailSchema.parse(res);
}

/** Saves a customer and refreshes the customer list (spec §4). */
export function useSaveCustomer(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) => saveCustomer(id, input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'customers'] });
      if (id !== null) await client.invalidateQueries({ queryKey: ['admin', 'customer', id] });
    },
  });
}
