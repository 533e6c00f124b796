import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from '#shared/input.ts';

/**
 * Refuses text with a NUL byte or a lone surrogate anywhere in params, query or body (PostgreSQL and
 * UTF-8 cannot hold them: they used to end as 500s), before the route's own schema runs, as an
 * ordinary validation error on the field that holds it.
 */
const safeInput = z.unknown().superRefine((value, ctx) => {
  for (const path of unsafeTextPaths(value))
    ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
});

/** fastify-type-provider-zod's validator, with the safe-text rule applied to every input first. */
export const guardedValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: safeInput.pipe(route.schema) });
