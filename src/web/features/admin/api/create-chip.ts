import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { AdminChipSchema, type AdminChip } from '#shared/admin.schemas.ts';

/** POST /api/admin/artchip (multipart: fields, image, additionalImage0..n). */
async function createChip(form: FormData): Promise<AdminChip> {
  return AdminChipSchema.parse(await api(`/api/admin/${BRAND.slug}`, { method: 'POST', body: form }));
}

export function useCreateChip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChip,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
