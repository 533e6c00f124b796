import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { findUnsafeText, INPUT_TOO_LARGE_MESSAGE, UNSAFE_TEXT_MESSAGE } from '#shared/input.ts';

/**
 * Refuses text with a NUL byte or a lone surrogate anywhere in params, query or body (PostgreSQL and
 * UTF-8 cannot hold them: they used to end as 500s), before the route's own schema runs, as an
 * ordinary validation error on the field that holds it. The walk is iterative and bounded (bodies are
 * bounded before they are parsed: plugins/json-body.ts).
 */
const safeInput = z.unknown().superRefine((value, ctx) => {
  const { paths, tooLarge } = findUnsafeText(value);
  if (tooLarge) ctx.addIssue({ code: 'custom', path: [], message: INPUT_TOO_LARGE_MESSAGE });
  for (const path of paths) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
});

/** fastify-type-provider-zod's validator, with the safe-text rule applied to every input first. */
export const guardedValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: safeInput.pipe(route.schema) });
