import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ShippingAddressSchema, type ShippingAddress } from '#shared/addresses.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Invalidated by every change to the address book (dashboard, or an address saved at checkout). */
export const SHIPPING_ADDRESSES_QUERY_KEY = ['shipping-addresses'] as const;

/** GET /api/shipping-addresses: the signed-in user's saved addresses, the default first. */
async function listShippingAddresses(): Promise<ShippingAddress[]> {
  // The route's response schema is this array of the shared address schema.
  return z.array(ShippingAddressSchema).parse(await api('/api/shipping-addresses'));
}

const shippingAddressesQueryOptions = queryOptions({
  queryKey: SHIPPING_ADDRESSES_QUERY_KEY,
  queryFn: listShippingAddresses,
});

/** Spec §7: a checkout fetches them only while it is open, and only for a signed-in user. */
export function useShippingAddresses(options: { enabled?: boolean } = {}) {
  return useQuery({ ...shippingAddressesQueryOptions, enabled: options.enabled ?? true });
}
