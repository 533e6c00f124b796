import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MailLogPageSchema } from '#shared/admin.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/mail?status=: the outgoing-mail log; keyset pages. */
async function listMail(status: string, cursor: number | null) {
  return MailLogPageSchema.parse(await api(`/api/admin/mail${queryString({ status, cursor })}`));
}

const mailQueryOptions = (status: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'mail', status],
    queryFn: ({ pageParam }) => listMail(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMailLog(status: string) {
  return useInfiniteQuery(mailQueryOptions(status));
}
