import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/orders/:id/media: the admin's artwork for a surprize mint (multipart). */
async function uploadOrderMedia(id: number, form: FormData): Promise<unknown> {
  return api(`/api/admin/orders/${id}/media`, { method: 'POST', body: form });
}

export function useUploadOrderMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => uploadOrderMedia(id, form),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
