import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { EmailSubscriptionPageSchema, type EmailSubscriptionPage } from '#shared/subscriptions.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/email-subscriptions?status=: the e-mail list; keyset pages. */
async function listSubscriptions(status: string, cursor: number | null): Promise<EmailSubscriptionPage> {
  return EmailSubscriptionPageSchema.parse(
    await api(`/api/admin/email-subscriptions${queryString({ status, cursor })}`),
  );
}

const subscriptionsQueryOptions = (status: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'subscriptions', status],
    queryFn: ({ pageParam }) => listSubscriptions(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSubscriptions(status: string) {
  return useInfiniteQuery(subscriptionsQueryOptions(status));
}
