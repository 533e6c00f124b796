import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/payout-destination/report with the token of the "this wasn't me" link (decision 071). */
async function reportDestinationChange(input: { token: string }): Promise<MessageResponse> {
  return MessageResponseSchema.parse(
    await api('/api/payout-destination/report', { method: 'POST', body: input }),
  );
}

export function useReportDestinationChange() {
  return useMutation({ mutationFn: reportDestinationChange });
}
