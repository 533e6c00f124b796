import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';

/** POST /api/admin/orders/:id/create-artchip (multipart media fields); adds the chip and tells the creator. */
async function createArtchipFromOrder(id: number, form: FormData): Promise<unknown> {
  return api(`/api/admin/orders/${id}/create-${BRAND.slug}`, { method: 'POST', body: form });
}

export function useCreateArtchipFromOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => createArtchipFromOrder(id, form),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
