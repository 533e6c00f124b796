import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayableBalanceListSchema, type PayableBalance } from '#shared/payouts.schemas.ts';

/** GET /api/admin/payouts: every seller and affiliate with money payable now. */
async function listPayableBalances(): Promise<PayableBalance[]> {
  return PayableBalanceListSchema.parse(await api('/api/admin/payouts'));
}

export const payableBalancesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'payouts'], queryFn: listPayableBalances });

export function usePayableBalances() {
  return useQuery(payableBalancesQueryOptions());
}
