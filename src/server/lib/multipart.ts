import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '#shared/input.ts';
import { FILE_TOO_LARGE_MESSAGE } from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';

const INCOMPLETE_UPLOAD_MESSAGE = 'The upload was incomplete. Please try again.';

/**
 * What a failure while reading a multipart body answers: a file over the limit is 413, a body that is
 * cut off or malformed is the client's 400 (busboy's errors carry no status, so they became 500s);
 * errors the app raised itself pass through.
 */
export function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  }
  return new AppError('VALIDATION_FAILED', INCOMPLETE_UPLOAD_MESSAGE);
}

export type UploadedFile = { field: string; filename: string; mimetype: string; buffer: Buffer };
export type MultipartForm = { fields: Record<string, string | string[]>; files: UploadedFile[] };

/** Reads a multipart body into text fields (repeated names become arrays) and file buffers. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    await readParts(request, fields, files);
  } catch (err) {
    throw uploadError(err);
  }
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  fields: MultipartForm['fields'],
  files: UploadedFile[],
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (buffer.length > 0)
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, buffer });
    } else {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const existing = fields[part.fieldname];
      if (existing === undefined) fields[part.fieldname] = value;
      else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
}

/** Validates with a shared schema and answers 400 the way route schemas do (first message, fieldErrors). */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // Multipart fields pass no route schema, so the input guard's text rule is applied here.
  const unsafe = findUnsafeText(value).paths;
  if (unsafe.length > 0)
    throw validationError(unsafe.map((path) => ({ path, message: UNSAFE_TEXT_MESSAGE })));
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid input';
  return new AppError('VALIDATION_FAILED', first, { fieldErrors });
}

/** The main image ('image') and the additional ones (additionalImage0..n, or additionalImages). */
export function splitImages(files: UploadedFile[]): {
  main: UploadedFile | undefined;
  additional: UploadedFile[];
} {
  const main = files.find((f) => f.field === 'image');
  const additional = files
    .filter((f) => /^additionalImages?\d*$/.test(f.field))
    .sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
  if (additional.length > 10) {
    throw new AppError('VALIDATION_FAILED', 'At most 10 additional images', {
      fieldErrors: { additionalImages: ['At most 10 additional images'] },
    });
  }
  return { main, additional };
}
