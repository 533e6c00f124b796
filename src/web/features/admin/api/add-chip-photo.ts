import { z } from 'zod';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { ChipPhotoSchema, type ChipPhoto } from '#shared/chips.schemas.ts';

const PhotosSchema = z.object({ photos: z.array(ChipPhotoSchema) });

/** POST /api/admin/artchip/:id/photos: a photograph of the real disc; answers with all of them. */
async function addChipPhoto(id: number, file: File): Promise<ChipPhoto[]> {
  const form = new FormData();
  form.append('image', file);
  const body = await api(`/api/admin/${BRAND.slug}/${id}/photos`, { method: 'POST', body: form });
  return PhotosSchema.parse(body).photos;
}

export function useAddChipPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => addChipPhoto(id, file),
    // The chip's public page shows the photographs.
    onSuccess: () => client.invalidateQueries(),
  });
}
