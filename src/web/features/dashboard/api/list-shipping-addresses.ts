import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ShippingAddressSchema, type ShippingAddress } from '#shared/users.schemas.ts';
import { api } from '#web/lib/api-client.ts';

export const SHIPPING_ADDRESSES_QUERY_KEY = ['shipping-addresses'] as const;

/** GET /api/shipping-addresses: the user's addresses, the default first. */
export async function listShippingAddresses(): Promise<ShippingAddress[]> {
  return z.array(ShippingAddressSchema).parse(await api('/api/shipping-addresses'));
}

export const shippingAddressesQueryOptions = queryOptions({
  queryKey: SHIPPING_ADDRESSES_QUERY_KEY,
  queryFn: listShippingAddresses,
});

export function useShippingAddresses() {
  return useQuery(shippingAddressesQueryOptions);
}
