import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageStatusInput } from '#shared/admin.schemas.ts';
import { ContactMessageSchema, type ContactMessage } from '#shared/contact.schemas.ts';

/** PATCH /api/admin/messages/:id {status: read | archived}. */
async function updateMessage(id: number, input: MessageStatusInput): Promise<ContactMessage> {
  return ContactMessageSchema.parse(await api(`/api/admin/messages/${id}`, { method: 'PATCH', body: input }));
}

export function useUpdateMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MessageStatusInput }) => updateMessage(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
