import { afterAll } from 'vitest';
import { closeTestResources } from '#tests/helpers/app.ts';

afterAll(async () => {
  await closeTestResources();
});
