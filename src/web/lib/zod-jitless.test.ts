import { expect, test } from 'vitest';
import './zod-jitless.ts';
import { z } from 'zod';

test('zod is configured jitless, so it never probes eval (forbidden by the CSP)', () => {
  expect(z.config().jitless).toBe(true);
});
