import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCaseDetailSchema,
  AdminCaseListSchema,
  CaseSchema,
  type CaseDecisionInput,
} from '#shared/cases.schemas.ts';
import { api } from '#web/lib/api-client.ts';

const CASES_KEY = ['admin', 'cases'] as const;

/** GET /api/admin/cases: the buyer protection queue (open cases, oldest first; or closed, or all). */
export function useAdminCases(status: 'open' | 'closed' | 'all') {
  return useQuery(
    queryOptions({
      queryKey: [...CASES_KEY, 'list', status],
      queryFn: async () => AdminCaseListSchema.parse(await api(`/api/admin/cases?status=${status}`)).items,
    }),
  );
}

/** GET /api/admin/cases/:id: the case with its order, tracking, taps and messages. */
export function useAdminCase(caseId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...CASES_KEY, 'detail', caseId],
      queryFn: async () => AdminCaseDetailSchema.parse(await api(`/api/admin/cases/${caseId}`)),
      enabled: caseId !== null,
    }),
  );
}

/** POST /api/admin/cases/:id/decision: refund in full or in part, or deny, with a reason. */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: { caseId: number; input: CaseDecisionInput }) =>
      CaseSchema.parse(
        await api(`/api/admin/cases/${args.caseId}/decision`, { method: 'POST', body: args.input }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CASES_KEY }),
  });
}
