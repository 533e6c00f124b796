import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DisputeFileSchema, DisputeQueueSchema, type DisputeEvidence } from '#shared/disputes.schemas.ts';
import { api } from '#web/lib/api-client.ts';

const DISPUTES_KEY = ['admin', 'disputes'] as const;

/** GET /api/admin/disputes: the open card and PayPal disputes, oldest first (decision 076). */
export function useAdminDisputes() {
  return useQuery(
    queryOptions({
      queryKey: [...DISPUTES_KEY, 'list'],
      queryFn: async () => DisputeQueueSchema.parse(await api('/api/admin/disputes')).disputes,
    }),
  );
}

/** GET /api/admin/disputes/:id: what the platform knows for its answer. */
export function useAdminDispute(disputeId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DISPUTES_KEY, 'detail', disputeId],
      queryFn: async () => DisputeFileSchema.parse(await api(`/api/admin/disputes/${disputeId}`)),
      enabled: disputeId !== null,
    }),
  );
}

/** POST /api/admin/disputes/:id/evidence: sends the evidence to Stripe and submits it. */
export function useSubmitDisputeEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: { disputeId: number; evidence: DisputeEvidence }) =>
      DisputeFileSchema.parse(
        await api(`/api/admin/disputes/${args.disputeId}/evidence`, { method: 'POST', body: args.evidence }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
  });
}
