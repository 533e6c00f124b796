import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import type { MessageOwnerInput } from '#shared/handovers.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/artchip/:id/message-owner: whoever holds a reported chip writes to its owner (by e-mail). */
async function messageOwner(args: { chipId: number; input: MessageOwnerInput }): Promise<void> {
  await api(`${CHIP_API}/${args.chipId}/message-owner`, { method: 'POST', body: args.input });
}

export function useMessageOwner() {
  return useMutation({ mutationFn: messageOwner });
}
