import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ShippingAddressSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/addresses.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { SHIPPING_ADDRESSES_QUERY_KEY } from '#web/lib/api/list-shipping-addresses.ts';

/** POST /api/shipping-addresses. */
async function createShippingAddress(input: ShippingAddressInput): Promise<ShippingAddress> {
  return ShippingAddressSchema.parse(await api('/api/shipping-addresses', { method: 'POST', body: input }));
}

export function useCreateShippingAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createShippingAddress,
    onSettled: () => client.invalidateQueries({ queryKey: SHIPPING_ADDRESSES_QUERY_KEY }),
  });
}
