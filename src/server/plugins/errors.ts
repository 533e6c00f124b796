import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';

/** Turns a validation failure into field errors keyed by the field's path ("address.city"). */
function fieldErrorsOf(validation: { instancePath?: string; message?: string; params?: unknown }[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const v of validation) {
    const params = v.params as { issue?: { path?: (string | number)[] } } | undefined;
    const key =
      params?.issue?.path?.join('.') || (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    (fieldErrors[key] ??= []).push(v.message ?? 'Invalid input');
  }
  return fieldErrors;
}

/** The one error handler: AppError → its status; validation → 400; anything else → 500 with a generic message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    let body: ApiError;
    let status: number;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.headers) void reply.headers(error.headers);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fieldErrors = fieldErrorsOf(error.validation);
      const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid input';
      body = { code: 'VALIDATION_FAILED', message: first, fieldErrors };
    } else if (!isResponseSerializationError(error) && (error as FastifyError).statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' };
    } else if (
      !isResponseSerializationError(error) &&
      typeof (error as FastifyError).statusCode === 'number' &&
      (error as FastifyError).statusCode! >= 400 &&
      (error as FastifyError).statusCode! < 500
    ) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type.
      status = (error as FastifyError).statusCode!;
      const code =
        status === 413 ? 'FILE_TOO_LARGE' : status === 415 ? 'INVALID_FILE_TYPE' : 'VALIDATION_FAILED';
      body = { code, message: status === 413 ? 'Request too large' : 'Invalid request' };
    } else {
      status = 500;
      request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error');
      body = { code: 'INTERNAL', message: 'Something went wrong. Please try again.' };
    }
    return reply.status(status).send(body);
  });
}
