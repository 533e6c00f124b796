import { expect, test } from 'vitest';
import { z, type ZodType } from 'zod';
import { INPUT_TOO_LARGE_MESSAGE, MAX_INPUT_VALUES, UNSAFE_TEXT_MESSAGE } from '#shared/input.ts';
import { guardedValidatorCompiler } from './input-guard.ts';

/** The route validator Fastify builds for a body schema, with the guard in front (as the app wires it). */
const validate = (schema: ZodType) =>
  guardedValidatorCompiler({ schema, method: 'POST', url: '/test', httpPart: 'body' }) as (data: unknown) => {
    value?: unknown;
    error?: { message: string } & { validation?: unknown };
  };

const body = z.object({ name: z.string(), tags: z.array(z.string()) });

test('the body guard refuses a NUL byte anywhere in the body before the route schema runs', () => {
  expect(validate(body)({ name: 'Ada', tags: ['a'] })).toEqual({ value: { name: 'Ada', tags: ['a'] } });
  const refused = validate(body)({ name: 'Ada', tags: ['a', 'b\u0000c'] });
  expect(refused.value).toBeUndefined();
  expect(JSON.stringify(refused.error)).toContain(UNSAFE_TEXT_MESSAGE);
  expect(JSON.stringify(refused.error)).toContain('tags');
  // Even where the route's own schema would accept any value.
  expect(validate(z.unknown())({ note: 'x\u0000' }).error).toBeDefined();
  expect(validate(z.unknown())({ note: 'x' }).error).toBeUndefined();
});

test('the body guard refuses a body holding more values than it walks', () => {
  const many = Array.from({ length: MAX_INPUT_VALUES + 1 }, () => 'x');
  const refused = validate(z.unknown())(many);
  // One issue on the whole input (its path is the body itself), not one per value.
  expect(refused.error).toMatchObject([{ instancePath: '/', message: INPUT_TOO_LARGE_MESSAGE }]);
});
