/**
 * The API's error codes and their HTTP statuses, without zod: the browser's first script checks error
 * answers against them (web/lib/api-client.ts). errors.ts re-exports them with the wire schema.
 */
/** Every error code the API can answer with; each maps to one HTTP status in `HTTP_STATUS_BY_CODE`. */
export const ERROR_CODES = [
  /** The request body, query or params failed schema validation. */
  'VALIDATION_FAILED',
  /** No valid session was presented. */
  'UNAUTHENTICATED',
  /** The session is valid but may not do this (wrong user, not an admin). */
  'FORBIDDEN',
  /** Log-in refused because the e-mail address is not verified yet. */
  'EMAIL_NOT_VERIFIED',
  /** The thing asked for does not exist (or is not visible to the caller). */
  'NOT_FOUND',
  /** The request conflicts with the current state (taken username, chip already reserved or sold). */
  'CONFLICT',
  /** A one-time link has expired. */
  'TOKEN_EXPIRED',
  /** A one-time link is unknown or was already used. */
  'INVALID_TOKEN',
  /** Too many requests from this client; try later. */
  'RATE_LIMITED',
  /** The uploaded file is not an accepted image type (judged by its bytes). */
  'INVALID_FILE_TYPE',
  /** The uploaded file is larger than allowed. */
  'FILE_TOO_LARGE',
  /** The request body is not JSON (or multipart on routes that take files). */
  'UNSUPPORTED_MEDIA_TYPE',
  /** A payment provider refused or failed. */
  'PAYMENT_FAILED',
  /** The request is well-formed but breaks a business rule (e.g. method not allowed for this order). */
  'UNPROCESSABLE',
  /** The server is too busy to do this now (e.g. every image worker is taken); try again shortly. */
  'BUSY',
  /** Something unexpected failed on the server; details are only in the server log. */
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One HTTP status per error code; a code without a status does not compile. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_EXPIRED: 410,
  INVALID_TOKEN: 400,
  RATE_LIMITED: 429,
  INVALID_FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYMENT_FAILED: 402,
  UNPROCESSABLE: 422,
  BUSY: 503,
  INTERNAL: 500,
};

/** The one wire shape of every error response (ApiErrorSchema in errors.ts validates it). */
export type ApiError = {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string[]> | undefined;
};
