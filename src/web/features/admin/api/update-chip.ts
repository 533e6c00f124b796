import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { AdminChipSchema, type AdminChip } from '#shared/admin.schemas.ts';

/** PATCH /api/admin/artchip/:id (multipart, so new images can travel with the fields). */
async function updateChip(id: number, form: FormData): Promise<AdminChip> {
  return AdminChipSchema.parse(await api(`/api/admin/${BRAND.slug}/${id}`, { method: 'PATCH', body: form }));
}

export function useUpdateChip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) => updateChip(id, form),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
