import { useId, useRef, useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import { MAX_ADDITIONAL_IMAGES, type Chip } from '#shared/chips.schemas.ts';
import { ACCEPTED_IMAGE_TYPES } from '#shared/media.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { checkImageFile } from '#web/lib/image-file.ts';
import { useAddArtchipImage } from '../api/add-artchip-image.ts';
import { UploadStatus } from '#web/components/upload-status.tsx';

type ImagesDialogProps = {
  chip: Pick<Chip, 'id' | 'title' | 'additionalImageUrls'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export const ADD_IMAGE_LABEL = 'Add an image (JPEG, PNG or GIF, up to 10MB)';

/**
 * The extra images of a chip its creator or owner holds (POST /api/artchip/:id/upload-media): the ones
 * it has, and one more at a time, up to the server's limit. The chip page's art viewer shows them.
 */
export function ImagesDialog({ chip, open, onOpenChange }: ImagesDialogProps) {
  const toast = useToast();
  const upload = useAddArtchipImage();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The server's answer is the chip as it now is: its list wins over the one the dialog opened with.
  const [images, setImages] = useState<string[]>(chip.additionalImageUrls);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isFull = images.length >= MAX_ADDITIONAL_IMAGES;

  function choose(chosen: File | undefined) {
    setError(null);
    setFile(null);
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) {
      setError(problem.description);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError('Please choose an image to add.');
      return;
    }
    try {
      const updated = await upload.mutateAsync({ id: chip.id, file });
      setImages(updated.additionalImageUrls);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      toast({ title: 'Image added', description: `It shows on the page of ${chip.title}.` });
    } catch (err) {
      // The server's own words (too many images, not an image, too large, too many uploads).
      setError(
        err instanceof ApiRequestError ? err.message : 'The image could not be uploaded. Please try again.',
      );
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !upload.isPending && onOpenChange(isOpen)}
      title={`Images of ${chip.title}`}
      description={`Extra images show on the ${BRAND.name}'s page below the artwork (${images.length} of ${MAX_ADDITIONAL_IMAGES}).`}
    >
      <div className="space-y-4">
        {images.length > 0 ? (
          <ul aria-label="Extra images" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {images.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={`${chip.title}, image ${index + 2}`}
                  width={120}
                  height={120}
                  loading="lazy"
                  className="aspect-square w-full rounded-md border border-gray-200 bg-gray-100 object-cover"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-800">No extra images yet.</p>
        )}
        {isFull ? (
          <p className="text-sm text-gray-800">
            This {BRAND.name} has the most extra images it can have ({MAX_ADDITIONAL_IMAGES}).
          </p>
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
            <div className="space-y-2">
              <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
                {ADD_IMAGE_LABEL}
              </label>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                disabled={upload.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(e) => choose(e.target.files?.[0])}
                className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700"
              />
              {error && (
                <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
            {upload.stage && <UploadStatus stage={upload.stage} />}
            <Button type="submit" className="w-full" disabled={upload.isPending}>
              {upload.stage?.phase === 'processing'
                ? 'Processing…'
                : upload.isPending
                  ? 'Uploading…'
                  : 'Add image'}
            </Button>
          </form>
        )}
      </div>
    </Dialog>
  );
}
