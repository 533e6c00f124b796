import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CaseSchema, MyCasesSchema, type Case, type MyCases } from '#shared/cases.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-cases: the seller's side of buyer protection cases (asSeller). */
async function getMyCases(): Promise<MyCases> {
  return MyCasesSchema.parse(await api('/api/my-cases'));
}

const sellerCasesQueryOptions = queryOptions({ queryKey: ['cases', 'mine'], queryFn: getMyCases });

export function useSellerCases() {
  return useQuery(sellerCasesQueryOptions);
}

/** POST /api/cases/:id/answer: the seller's answer, once. */
async function answerCase(args: { caseId: number; message: string }): Promise<Case> {
  return CaseSchema.parse(
    await api(`/api/cases/${args.caseId}/answer`, { method: 'POST', body: { message: args.message } }),
  );
}

export function useAnswerCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerCasesQueryOptions.queryKey }),
  });
}
