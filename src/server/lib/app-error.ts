import { HTTP_STATUS_BY_CODE, type ErrorCode } from '#shared/errors.ts';

/** The only error services throw for an expected failure; the error handler maps it to its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    details?: { fieldErrors?: Record<string, string[]>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = details?.fieldErrors;
    this.headers = details?.headers;
  }

  get statusCode(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

/** Throws NOT_FOUND when value is null or undefined. */
export function assertFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError('NOT_FOUND', message);
  return value;
}
