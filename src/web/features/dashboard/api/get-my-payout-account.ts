import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayoutAccountSchema, type PayoutAccount } from '#shared/payouts.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-payout-account: how the user is paid, their Stripe state, and the methods offered here. */
async function getMyPayoutAccount(): Promise<PayoutAccount> {
  return PayoutAccountSchema.parse(await api('/api/my-payout-account'));
}

export const myPayoutAccountQueryOptions = queryOptions({
  queryKey: ['my-payout-account'],
  queryFn: getMyPayoutAccount,
});

export function useMyPayoutAccount() {
  return useQuery(myPayoutAccountQueryOptions);
}
