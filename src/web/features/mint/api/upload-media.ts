import { useMutation } from '@tanstack/react-query';
import { MediaUploadResultSchema, type MediaUploadResult } from '#shared/media.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/media (multipart field `image`): the server checks the bytes, re-encodes and strips metadata. */
export async function uploadMedia(file: File): Promise<MediaUploadResult> {
  const body = new FormData();
  body.append('image', file);
  return MediaUploadResultSchema.parse(await api('/api/media', { method: 'POST', body }));
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
