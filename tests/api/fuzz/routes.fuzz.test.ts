/**
 * Bad input is never answered with a 500 (issue 14 finding 5, issue 25 finding 7). For every route
 * the app registers (app.routeTable), params, queries and bodies are generated from the route's own
 * zod schemas (tests/helpers/zod-arbitrary.ts): values of the right shape, so requests reach past
 * validation into the code and the database behind it, and the same shapes with leaves made hostile
 * (NUL bytes and lone surrogates inside valid text, numbers past the integer columns, impossible
 * dates, wrong types, text past its limit), plus forged keyset cursors and truncated multipart
 * bodies, as an anonymous visitor, a signed-in user and an admin. Every page path of the web app's
 * router (and the server's sitemaps) is fuzzed the same way through the server renderer. Any answer
 * of 500 or more fails.
 *
 * The seed is fixed, so a run is repeatable; FUZZ_SEED=<n> explores another, FUZZ_RUNS=<n> runs more
 * cases per route. A failure names its seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App, RegisteredRoute } from '#server/app.ts';
import { buildTestApp, closeTestResources } from '#tests/helpers/app.ts';
import {
  HOSTILE_TEXT,
  hostileArbitrary,
  keysetCursorArbitrary,
  oneHostileArbitrary,
  unsafeTextArbitrary,
  validArbitrary,
} from '#tests/helpers/zod-arbitrary.ts';
import { createSession, insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip, CHIP_STATES } from '#tests/factories/chips.ts';
import { insertAddress, insertOffer, insertOrder } from '#tests/factories/orders.ts';
import type { RouteObject } from '#web/lib/router.tsx';
import { routes as pageRoutes } from '#web/app/router.tsx';
import * as sourceRenderer from '#web/entry-server.tsx';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const RUNS_PER_PAGE = Number(process.env.FUZZ_RUNS ?? 8);

/** Strings that have broken servers, with random text and numbers far past any column. */
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT, 'a'.repeat(5000)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** Percent-encodes any UTF-16 string, lone surrogates included (as their WTF-8 bytes). */
function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(value[i]! + value[i + 1]!);
        i++;
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
      continue;
    }
    out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** A generated value as URL text (params and queries are text on the wire). */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/** The object schema's field schemas (through optional, default and pipe wrappers); {} when none. */
function shapeOf(schema: unknown): Record<string, unknown> {
  let s = schema as {
    _zod?: { def: { shape?: Record<string, unknown>; innerType?: unknown; in?: unknown } };
  };
  for (let depth = 0; s?._zod && depth < 5; depth++) {
    if (s._zod.def.shape) return s._zod.def.shape;
    s = (s._zod.def.innerType ?? s._zod.def.in) as typeof s;
  }
  return {};
}

/** Valid values, valid ones with one unsafe text or one hostile field, and hostile ones, in equal parts. */
function fromSchema(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    validArbitrary(schema),
    unsafeTextArbitrary(schema),
    oneHostileArbitrary(schema),
    hostileArbitrary(schema),
  );
}

function paramsArbitrary(route: RegisteredRoute): fc.Arbitrary<string[]> {
  const shape = shapeOf(route.schema?.params);
  const names = [...route.url.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
  return fc.tuple(
    ...names.map((name) =>
      shape[name]
        ? fromSchema(shape[name]).map(toText)
        : fc.oneof(hostileString, fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
    ),
  );
}

/** Query pairs from the query schema (arrays as repeated keys), sometimes with a forged cursor. */
function queryArbitrary(route: RegisteredRoute): fc.Arbitrary<[string, string][]> {
  const schema = route.schema?.querystring;
  const fields = schema
    ? fromSchema(schema)
    : fc.dictionary(fc.constantFrom('cursor', 'q', 'page', 'limit'), hostileString, { maxKeys: 3 });
  return fields.map((value) => {
    const pairs: [string, string][] = [];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined) continue;
        for (const item of Array.isArray(v) ? v : [v]) pairs.push([key, toText(item)]);
      }
    }
    return pairs;
  });
}

const FORM_FIELDS = z.object({ title: z.string(), description: z.string(), name: z.string() });

function bodyArbitrary(route: RegisteredRoute): fc.Arbitrary<unknown> {
  const schema = route.schema?.body;
  if (schema)
    return fc.oneof(
      { weight: 5, arbitrary: fromSchema(schema) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
  // No schema (multipart routes, or none): form fields a route might read, hostile or with NUL.
  return fc.oneof(
    fc.dictionary(
      fc.constantFrom('title', 'description', 'name', 'priceUsd', 'status', 'email'),
      hostileString,
      {
        maxKeys: 3,
      },
    ),
    unsafeTextArbitrary(FORM_FIELDS),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

function buildUrl(pattern: string, params: string[], query: [string, string][]): string {
  let i = 0;
  // '*' spans segments: its slashes stay slashes.
  const url = pattern.replace(/:(\w+)|\*$/g, (match) => {
    const value = params[i++] ?? '';
    return match === '*' ? value.split('/').map(encodeAny).join('/') : encodeAny(value);
  });
  const qs = query.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&');
  return qs ? `${url}?${qs}` : url;
}

/** A multipart body cut off in the middle of its file part. */
function truncatedMultipart(): { payload: string; headers: Record<string, string> } {
  const boundary = '----fuzz-boundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="image"; filename="a.png"',
    'Content-Type: image/png',
    '',
    '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR',
  ].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A complete multipart form of text fields. */
function multipartForm(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----fuzz-form';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
/** A body's fields as form text (a body that is no object becomes one field). */
function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { value: toText(body) };
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, toText(v)]),
  );
}

/** The page patterns of the web app's router (`/artchip/:username/:slug`, `*`…). */
function pagePatterns(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...pagePatterns(r.children ?? [])]);
}

const PAGE_QUERY_KEYS = [
  'uid',
  'q',
  'token',
  'email',
  'orderId',
  'tab',
  'from',
  'to',
  'ref',
  'artchipId',
  'e',
  'picc_data',
  'cmac',
  'ctr',
];

let app: App;
let webDist: string;
let known: { username: string; slug: string; unitId: string };

beforeAll(async () => {
  // The page source's own shell stands in for the built index.html (as in tests/api/spa).
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
  app = await buildTestApp({ env: { RATE_LIMIT: 'false' }, spa: { pageRenderer: sourceRenderer, webDist } });
  // Something to find at small ids, so valid-shaped requests reach past "not found" into deeper code.
  const seller = await insertUser(app.db);
  const buyer = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: seller.user.id,
    ownerId: seller.user.id,
    ...CHIP_STATES.listed,
  });
  await insertChip(app.db, { creatorId: seller.user.id, ownerId: seller.user.id, ...CHIP_STATES.pending });
  await insertChip(app.db, { creatorId: buyer.user.id, ownerId: buyer.user.id, ...CHIP_STATES.inactive });
  await insertAddress(app.db, buyer.user.id);
  await insertOrder(app.db, { buyerId: buyer.user.id });
  await insertOffer(app.db, { chipId: chip.id, buyerId: buyer.user.id, ownerId: seller.user.id });
  known = { username: seller.user.username, slug: chip.slug, unitId: chip.unitId ?? '' };
}, 60_000);

afterAll(async () => {
  await closeTestResources();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Someone to send the requests as; fresh per route, since fuzzed routes log out, delete and demote. */
async function identities(): Promise<{ who: string; token: string | null }[]> {
  const user = await insertUser(app.db);
  const admin = await insertAdmin(app.db);
  return [
    { who: 'anonymous', token: null },
    { who: 'user', token: await createSession(app.db, user.user.id, 'user') },
    { who: 'admin', token: admin.token },
  ];
}

function reportFault(failures: string[], label: string, res: { statusCode: number; body: string }) {
  if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
}

describe(`no route answers bad input with a 500 (FUZZ_SEED=${SEED})`, () => {
  test('every registered route, every identity, values from its schemas', async () => {
    const routes = app.routeTable.filter((r) => !r.url.startsWith('/media') || r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
      for (const [n, { who, token }] of (await identities()).entries()) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        const request = fc.record({
          params: paramsArbitrary(route),
          query: queryArbitrary(route),
          body: hasBody ? bodyArbitrary(route) : fc.constant(undefined),
          // Some bodies go as multipart form fields (the admin chip forms and uploads take them).
          asForm: hasBody ? fc.constantFrom(false, false, false, true) : fc.constant(false),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ params, query, body, asForm }) => {
            const url = buildUrl(route.url, params, query);
            const form = asForm ? multipartForm(formFields(body)) : null;
            const res = await app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...headers, ...form?.headers },
              ...(hasBody ? { payload: form ? form.payload : (body as object) } : {}),
            });
            const sent = `${asForm ? 'multipart ' : ''}${JSON.stringify(body)?.slice(0, 200) ?? ''}`;
            reportFault(failures, `${who} ${route.method} ${url} ${sent}`, res);
            return true;
          }),
          // Admins reach the most code (their routes and most others): they get twice the runs. Each
          // identity has its own seed, so each sends other requests.
          { numRuns: who === 'admin' ? 2 * RUNS_PER_ROUTE : RUNS_PER_ROUTE, seed: SEED + 3 * index + n },
        );
        if (hasBody) {
          const url = buildUrl(route.url, route.url.match(/:(\w+)/g)?.map(() => '1') ?? [], []);
          const truncated = truncatedMultipart();
          const cut = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, ...truncated.headers },
            payload: truncated.payload,
          });
          reportFault(failures, `${who} ${route.method} ${url} (truncated multipart)`, cut);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe(`no page path answers with a 500 (FUZZ_SEED=${SEED})`, () => {
  test("every page of the web app's router, the sitemaps and robots.txt", async () => {
    const patterns = [...new Set(pagePatterns(pageRoutes))];
    expect(patterns).toEqual(expect.arrayContaining(['/gallery/:username', '/uid', '*']));
    const segment = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(known.username, known.slug, known.unitId) },
      { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_-]{1,16}$/) },
      { weight: 2, arbitrary: unsafeTextArbitrary(z.string().regex(/^[a-z0-9_-]{1,16}$/)).map(String) },
      { weight: 2, arbitrary: hostileString },
    );
    const query = fc.oneof(
      fc.array(fc.tuple(fc.constantFrom(...PAGE_QUERY_KEYS), fc.oneof(segment, keysetCursorArbitrary)), {
        maxLength: 3,
      }),
      // /uid?<unit id>: the whole query string is the unit ID.
      segment.map((s): [string, string][] => [[s, '']]),
    );
    const failures: string[] = [];
    for (const [index, pattern] of [
      ...patterns,
      '/sitemaps/:file',
      '/robots.txt',
      '/sitemap.xml',
    ].entries()) {
      const params = fc.tuple(
        ...[...pattern.matchAll(/:(\w+)|\*$/g)].map((m) =>
          m[1] === 'file'
            ? fc.oneof(
                fc.constant('pages.xml'),
                fc
                  .oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 999_999 }), fc.integer())
                  .map((n) => `chips-${n}.xml`),
                fc.constantFrom(...HOSTILE_TEXT).map((t) => `chips-${t}.xml`),
              )
            : m[0] === '*'
              ? fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'))
              : segment,
        ),
      );
      await fc.assert(
        fc.asyncProperty(params, query, async (values, pairs) => {
          const url = buildUrl(pattern.startsWith('/') ? pattern : `/${pattern}`, values, pairs);
          const res = await app.inject({ method: 'GET', url });
          reportFault(failures, `GET ${url}`, res);
          return true;
        }),
        { numRuns: RUNS_PER_PAGE, seed: SEED + index },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('the reproductions of finding 5 answer 4xx', () => {
  test.each([
    ['a NUL byte in the search', 'GET', '/api/artchip?q=%00', 400],
    ['a NUL byte in a gallery name', 'GET', '/api/artchip/gallery/%00', 400],
    ['an id above 2³¹−1 (QR)', 'GET', '/api/artchip/99999999999/qr.svg', 400],
    ['an id above 2³¹−1 (chip)', 'GET', '/api/artchip/99999999999', 400],
    ['a sitemap page past the range', 'GET', '/sitemaps/chips-99999999999.xml', 404],
    ['a forged cursor', 'GET', '/api/artchip?cursor=WyJuIiwibm90LWEtZGF0ZSIsOTk5OTk5OTk5OTk5XQ', 400],
  ])('%s', async (_name, method, url, status) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(status);
  });

  test('NUL bytes in an address are a validation error on that field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/shipping-addresses',
      headers: { authorization: `Bearer ${(await insertUser(app.db)).token}` },
      payload: {
        name: 'A\u0000B',
        addressLine1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        country: 'US',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { name: [expect.any(String)] },
    });
  });

  test('a username with a lone surrogate is refused at sign-up', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'surrogate@example.com',
        username: 'ab\ud800',
        password: 'password123',
        confirmPassword: 'password123',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  test('a truncated multipart upload is a 400', async () => {
    const { payload, headers } = truncatedMultipart();
    const res = await app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...headers, authorization: `Bearer ${(await insertUser(app.db)).token}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});
