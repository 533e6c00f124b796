import {
  ACCEPTED_IMAGE_TYPES,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
} from '#shared/media.schemas.ts';

/** Why a chosen file cannot be used, as the spec's toast (title and description), or null when fine. */
export type ImageFileProblem = { title: string; description: string };

/**
 * Spec §5: JPEG, PNG or GIF up to 10 MB, checked in the browser before uploading (the server checks
 * the bytes again). The browser's type comes from the file name, so this is only a first filter.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { title: 'Invalid file type', description: INVALID_FILE_TYPE_MESSAGE };
  }
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File too large', description: FILE_TOO_LARGE_MESSAGE };
  return null;
}
