import { z } from 'zod';
import { ERROR_CODES, type ApiError as WireApiError } from './error-codes.ts';

export { ERROR_CODES, type ErrorCode, HTTP_STATUS_BY_CODE } from './error-codes.ts';

/** The one wire shape of every error response. */
export const ApiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

// The browser's zod-free copy of the shape (error-codes.ts) must stay this one: this fails to compile if not.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<ApiError, WireApiError> = true;
void sameShape;
