import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import { RATE_LIMITED_MESSAGE } from './account-rate-limit.ts';
import { JSON_ONLY_MESSAGE } from './request-policy.ts';

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
      body = { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE };
    } else if (
      !isResponseSerializationError(error) &&
      typeof (error as FastifyError).statusCode === 'number' &&
      (error as FastifyError).statusCode! >= 400 &&
      (error as FastifyError).statusCode! < 500
    ) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type.
      status = (error as FastifyError).statusCode!;
      if (status === 413) body = { code: 'FILE_TOO_LARGE', message: 'Request too large' };
      else if (status === 415) body = { code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY_MESSAGE };
      else body = { code: 'VALIDATION_FAILED', message: 'Invalid request' };
    } else {
      status = 500;
      request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error');
      body = { code: 'INTERNAL', message: 'Something went wrong. Please try again.' };
    }
    return reply.status(status).send(body);
  });
}
