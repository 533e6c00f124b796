import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-session.ts';

/** POST /api/admin/orders/:id/media: the admin's artwork for a surprize mint (multipart). */
export async function uploadOrderMedia(id: number, form: FormData): Promise<unknown> {
  return adminApi(`/api/admin/orders/${id}/media`, { method: 'POST', body: form });
}

export function useUploadOrderMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => uploadOrderMedia(id, form),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
