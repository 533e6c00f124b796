import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { apiUpload, type UploadProgress, type UploadStage } from '#web/lib/api-upload.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/**
 * POST /api/artchip/:id/upload-media (multipart field `image`): the creator, owner or an admin adds an
 * image to a chip; once it has its main image, each one joins the extra images. Answers the chip.
 */
async function addArtchipImage(args: {
  id: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<Chip> {
  const body = new FormData();
  body.append('image', args.file);
  const answer = await apiUpload(`${CHIP_API}/${args.id}/upload-media`, body, {
    ...(args.onProgress ? { onProgress: args.onProgress } : {}),
  });
  return ChipSchema.parse(answer);
}

/** Where an upload is: sending (with the share sent, 0..1) or processing on the server. */

/** The add-image mutation and its stage while pending (null otherwise). */
export function useAddArtchipImage() {
  const invalidate = useInvalidateAfterChipChange();
  const [stage, setStage] = useState<UploadStage | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      setStage({ phase: 'sending', fraction: 0 });
      return addArtchipImage({
        id,
        file,
        onProgress: ({ sent, total }) =>
          setStage(sent >= total ? { phase: 'processing' } : { phase: 'sending', fraction: sent / total }),
      });
    },
    onSuccess: invalidate,
    onSettled: () => setStage(null),
  });
  return { ...mutation, stage: mutation.isPending ? stage : null };
}
