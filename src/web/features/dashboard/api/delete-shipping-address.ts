import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { SHIPPING_ADDRESSES_QUERY_KEY } from '#web/lib/api/list-shipping-addresses.ts';

/** DELETE /api/shipping-addresses/:id. */
async function deleteShippingAddress(id: number): Promise<void> {
  await api(`/api/shipping-addresses/${id}`, { method: 'DELETE' });
}

export function useDeleteShippingAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingAddress,
    onSettled: () => client.invalidateQueries({ queryKey: SHIPPING_ADDRESSES_QUERY_KEY }),
  });
}
