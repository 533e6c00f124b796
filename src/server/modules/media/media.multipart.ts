import type { FastifyRequest } from 'fastify';
import { IMAGE_REQUIRED_MESSAGE, MAX_IMAGE_BYTES } from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { uploadError } from '#server/lib/multipart.ts';

function imageRequired(field: string): AppError {
  return new AppError('VALIDATION_FAILED', IMAGE_REQUIRED_MESSAGE, {
    fieldErrors: { [field]: [IMAGE_REQUIRED_MESSAGE] },
  });
}

/**
 * The bytes of the multipart file field `field` (default `image`), at most 10 MB. Other fields sent
 * before the file are returned too, so a form can carry text alongside the image.
 */
export async function readImageField(
  request: FastifyRequest,
  field = 'image',
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw imageRequired(field);
  const file = await request
    .file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })
    .catch((err: unknown) => Promise.reject(uploadError(err)));
  if (!file || file.fieldname !== field) {
    file?.file.resume();
    throw imageRequired(field);
  }
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
  if (bytes.length === 0) throw imageRequired(field);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    const part = Array.isArray(value) ? value[0] : value;
    if (part && part.type === 'field' && typeof part.value === 'string') fields[name] = part.value;
  }
  return { bytes, filename: file.filename, fields };
}
