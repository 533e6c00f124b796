import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PayoutAccountSchema, type PayoutAccount, type PayoutAccountInput } from '#shared/payouts.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { AUTH_USER_QUERY_KEY } from '#web/lib/auth.tsx';
import { myPayoutAccountQueryOptions } from './get-my-payout-account.ts';

/** PUT /api/my-payout-account: chooses how the user is paid (and the PayPal e-mail PayPal Payouts pays). */
async function updateMyPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccount> {
  return PayoutAccountSchema.parse(await api('/api/my-payout-account', { method: 'PUT', body: input }));
}

export function useUpdateMyPayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMyPayoutAccount,
    onSuccess: (account) => {
      client.setQueryData(myPayoutAccountQueryOptions.queryKey, account);
      // The profile shows the same PayPal e-mail.
      return client.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
  });
}
