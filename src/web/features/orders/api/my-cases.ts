import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CaseSchema, MyCasesSchema, type Case, type CaseKind, type MyCases } from '#shared/cases.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { apiUpload } from '#web/lib/api-upload.ts';
import { myOrdersQueryOptions } from './list-my-orders.ts';

/** GET /api/my-cases: the viewer's buyer protection cases and the purchases they may report now. */
async function getMyCases(): Promise<MyCases> {
  return MyCasesSchema.parse(await api('/api/my-cases'));
}

const myCasesQueryOptions = queryOptions({ queryKey: ['cases', 'mine'], queryFn: getMyCases });

export function useMyCases() {
  return useQuery(myCasesQueryOptions);
}

/** POST /api/orders/:id/cases (multipart: kind, description and up to 4 `photos`): "Report a problem". */
async function openCase(args: {
  orderId: number;
  kind: CaseKind;
  description: string;
  photos: File[];
}): Promise<Case> {
  const body = new FormData();
  body.append('kind', args.kind);
  body.append('description', args.description);
  for (const photo of args.photos) body.append('photos', photo);
  return CaseSchema.parse(await apiUpload(`/api/orders/${args.orderId}/cases`, body));
}

export function useOpenCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openCase,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myCasesQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions.queryKey }),
      ]),
  });
}
