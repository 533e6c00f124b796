import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ShippingAddressSchema, type ShippingAddress } from '#shared/users.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/shipping-addresses: the signed-in user's saved addresses. */
export async function listShippingAddresses(): Promise<ShippingAddress[]> {
  return z.array(ShippingAddressSchema).parse(await api('/api/shipping-addresses'));
}

export const shippingAddressesQueryOptions = queryOptions({
  queryKey: ['shipping-addresses', 'checkout'],
  queryFn: listShippingAddresses,
});

/** Spec §7: fetched only while a checkout is open (and only for a signed-in user). */
export function useShippingAddresses(options: { enabled: boolean }) {
  return useQuery({ ...shippingAddressesQueryOptions, enabled: options.enabled });
}
