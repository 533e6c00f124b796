import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from '#shared/auth.schemas.ts';

/** POST /api/admin/payouts/users/:userId/unfreeze: lifts a "this wasn't me" freeze (decision 071). */
async function unfreezePayouts(input: { userId: number; note?: string }): Promise<MessageResponse> {
  return MessageResponseSchema.parse(
    await api(`/api/admin/payouts/users/${input.userId}/unfreeze`, {
      method: 'POST',
      body: input.note ? { note: input.note } : {},
    }),
  );
}

export function useUnfreezePayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unfreezePayouts,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
