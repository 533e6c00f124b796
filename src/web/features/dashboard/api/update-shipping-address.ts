import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ShippingAddressSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/addresses.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { SHIPPING_ADDRESSES_QUERY_KEY } from '#web/lib/api/list-shipping-addresses.ts';

/** PUT /api/shipping-addresses/:id: replaces the fields; isDefault true makes it the only default. */
async function updateShippingAddress(args: {
  id: number;
  input: ShippingAddressInput;
}): Promise<ShippingAddress> {
  return ShippingAddressSchema.parse(
    await api(`/api/shipping-addresses/${args.id}`, { method: 'PUT', body: args.input }),
  );
}

export function useUpdateShippingAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateShippingAddress,
    onSettled: () => client.invalidateQueries({ queryKey: SHIPPING_ADDRESSES_QUERY_KEY }),
  });
}
