import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ContactMessagePageSchema, type ContactMessagePage } from '#shared/contact.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/messages?status=: contact-form messages; keyset pages. */
async function listMessages(status: string, cursor: number | null): Promise<ContactMessagePage> {
  return ContactMessagePageSchema.parse(await api(`/api/admin/messages${queryString({ status, cursor })}`));
}

const messagesQueryOptions = (status: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'messages', status],
    queryFn: ({ pageParam }) => listMessages(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMessages(status: string) {
  return useInfiniteQuery(messagesQueryOptions(status));
}
