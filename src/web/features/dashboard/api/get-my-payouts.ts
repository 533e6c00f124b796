import { queryOptions, useQuery } from '@tanstack/react-query';
import { SellerBalanceSchema, type SellerBalance } from '#shared/payouts.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-payouts: the seller's pending, payable and paid proceeds and their payout history. */
async function getMyPayouts(): Promise<SellerBalance> {
  return SellerBalanceSchema.parse(await api('/api/my-payouts'));
}

const myPayoutsQueryOptions = queryOptions({ queryKey: ['my-payouts'], queryFn: getMyPayouts });

export function useMyPayouts() {
  return useQuery(myPayoutsQueryOptions);
}
