import { z } from 'zod';
import { BRAND } from './brand.ts';
import { ImageVariantSchema } from './chips.schemas.ts';

/** Spec §5/§9: images are JPEG, PNG or GIF (judged by their bytes) up to 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const INVALID_FILE_TYPE_MESSAGE = 'Please select an image file (JPEG, PNG, GIF).';
export const FILE_TOO_LARGE_MESSAGE = 'Please select an image smaller than 10MB.';
export const IMAGE_REQUIRED_MESSAGE = `Please select an image for your ${BRAND.name}.`;

/** POST /api/media: the stored image, for the mint dialog and admin forms. */
export const MediaUploadResultSchema = z.object({
  id: z.number().int(),
  /** The re-encoded original (same format as uploaded, metadata stripped). */
  url: z.string(),
  /** WebP renditions, narrowest first; never wider than the original. */
  variants: z.array(ImageVariantSchema),
  width: z.number().int(),
  height: z.number().int(),
  animated: z.boolean(),
});
export type MediaUploadResult = z.infer<typeof MediaUploadResultSchema>;

/** Issue 14: an image whose header claims more pixels than the server decodes (a decompression bomb). */
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'Please select an image of at most 100 megapixels.';
/** Issue 14: an image that did not finish processing within its time budget. */
export const IMAGE_TOO_SLOW_MESSAGE = 'This image takes too long to process. Please select a smaller image.';
/** Issue 14: the image worker died on this image (the pool replaced it). */
export const IMAGE_FAILED_MESSAGE = 'This image could not be processed. Please select another image.';
/** Issue 14: every image worker is busy and the queue is full. */
export const IMAGES_BUSY_MESSAGE = 'We are processing many images right now. Please try again in a minute.';
/** Issue 14: the per-account (and per-client) upload allowance is used up. */
export const TOO_MANY_UPLOADS_MESSAGE = 'Too many uploads. Please wait a few minutes and try again.';
/** Issue 25: this account already has images waiting for a worker; it waits for them first. */
export const IMAGES_PENDING_MESSAGE =
  'Your previous images are still being processed. Please wait for them to finish and try again.';
/** Issue 25: the per-account budget of image pixels per window is spent. */
export const IMAGE_PIXELS_SPENT_MESSAGE =
  'You have uploaded many large images recently. Please wait a few minutes and try again.';
