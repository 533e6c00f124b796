/**
 * Imported first by main.tsx: zod compiles fast object parsers with `new Function` after probing
 * whether eval is allowed, and that probe is a Content-Security-Policy violation under our CSP (no
 * 'unsafe-eval'), logged by the browser on every page (Lighthouse's best-practices "Issues" audit).
 * Jitless parsing skips the probe; the browser parses few and small payloads, so it costs nothing seen.
 *
 * This is `z.config({ jitless: true })` without importing zod, which would pull it into the entry
 * script (3.7 KB gzip over issue 12's budget): zod keeps its configuration in this global object and
 * reuses it when already there (zod-jitless.test.ts checks that it still does).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
