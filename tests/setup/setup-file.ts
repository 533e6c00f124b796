import { afterAll } from 'vitest';

// Component tests (`@vitest-environment jsdom`) never open a database, and the server modules
// cannot load under jsdom's URL, so the helper is only imported in the node environment.
const isDomEnvironment = typeof window !== 'undefined';

afterAll(async () => {
  if (isDomEnvironment) return;
  const { closeTestResources } = await import('#tests/helpers/app.ts');
  await closeTestResources();
});
