import { afterAll } from 'vitest';

// Component tests (`@vitest-environment jsdom`) never open a database, and the server modules
// cannot load under jsdom's URL, so the helper is only imported in the node environment.
const isDomEnvironment = typeof window !== 'undefined';

if (isDomEnvironment) {
  // findBy* and waitFor wait up to 5 s, not Testing Library's 1 s: CI runs the component tests beside
  // the PostgreSQL and browser steps on two cores, where a first render can take more than a second
  // (my-artchip-collection's "Being made" card failed so on 2026-11-28). A wrong page still fails.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

afterAll(async () => {
  if (isDomEnvironment) return;
  const { closeTestResources } = await import('#tests/helpers/app.ts');
  await closeTestResources();
});
