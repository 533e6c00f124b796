import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MediaUploadResultSchema, type MediaUploadResult } from '#shared/media.schemas.ts';
import { apiUpload, type UploadProgress, type UploadStage } from '#web/lib/api-upload.ts';

/**
 * POST /api/media (multipart field `image`): the server checks the bytes, re-encodes and strips
 * metadata. `onProgress` hears the bytes sent; once all are sent the server is processing them.
 */
async function uploadMedia(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<MediaUploadResult> {
  const body = new FormData();
  body.append('image', file);
  return MediaUploadResultSchema.parse(await apiUpload('/api/media', body, { onProgress }));
}

/** Where an upload is: sending (with the share sent, 0..1) or processing on the server. */

/** The upload mutation and its stage while pending (null otherwise). */
export function useUploadMedia() {
  const [stage, setStage] = useState<UploadStage | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setStage({ phase: 'sending', fraction: 0 });
      return uploadMedia(file, ({ sent, total }) =>
        setStage(sent >= total ? { phase: 'processing' } : { phase: 'sending', fraction: sent / total }),
      );
    },
    onSettled: () => setStage(null),
  });
  return { ...mutation, stage: mutation.isPending ? stage : null };
}
