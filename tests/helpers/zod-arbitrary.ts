/**
 * fast-check arbitraries from zod 4 schemas, for fuzzing routes from the schemas they declare
 * (STYLE §7). `validArbitrary` makes values of the schema's shape (formats, patterns, lengths and
 * bounds respected where the schema states them), so requests reach past validation into the code
 * behind it; `hostileArbitrary` makes the same shapes with some leaves swapped for what has broken
 * servers: NUL bytes and lone surrogates inside otherwise valid text, numbers past the integer
 * columns, impossible and out-of-range dates, wrong types and text past its maximum length.
 *
 * It reads the schema's own definition (`schema._zod.def`); zod-fast-check does not read zod 4.
 * Unknown kinds (refinements, custom types) fall back to any JSON value.
 */
import fc from 'fast-check';

type Def = { type: string; [key: string]: unknown };
type Schema = { _zod: { def: Def; optin?: string } };
type Check = { _zod: { def: { check: string; [key: string]: unknown } } };

/** How deep the walk goes before answering null (recursive schemas; no route needs more). */
const MAX_DEPTH = 8;
/** Longest valid text and array generated (the limits are still tested by the hostile values). */
const VALID_TEXT_CAP = 40;
const VALID_ARRAY_CAP = 4;

const isSchema = (value: unknown): value is Schema =>
  !!value && typeof value === 'object' && '_zod' in value && !!(value as Schema)._zod?.def;

function defOf(schema: unknown): Def | null {
  return isSchema(schema) ? schema._zod.def : null;
}

/** True when an object may leave this key out (optional, or defaulted by the schema). */
function isOptionalKey(schema: unknown): boolean {
  return isSchema(schema) && schema._zod.optin !== undefined;
}

type Bounds = {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  isInt: boolean;
  pattern?: RegExp;
  format?: string;
};

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = { isInt: false };
  if (typeof def.format === 'string') bounds.format = def.format;
  if (def.pattern instanceof RegExp) bounds.pattern = def.pattern;
  for (const check of (def.checks as Check[] | undefined) ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') bounds.minLength = c.minimum as number;
    if (c.check === 'max_length') bounds.maxLength = c.maximum as number;
    if (c.check === 'length_equals') bounds.minLength = bounds.maxLength = c.length as number;
    if (c.check === 'number_format') bounds.isInt = String(c.format).includes('int');
    if (c.check === 'greater_than')
      bounds.min = (c.value as number) + (c.inclusive ? 0 : bounds.isInt ? 1 : 1e-6);
    if (c.check === 'less_than')
      bounds.max = (c.value as number) - (c.inclusive ? 0 : bounds.isInt ? 1 : 1e-6);
    if (c.check === 'string_format') {
      bounds.format = c.format as string;
      if (c.pattern instanceof RegExp) bounds.pattern = c.pattern;
    }
  }
  return bounds;
}

const isoDay = fc
  .date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const email = fc.tuple(word, word).map(([name, host]) => `${name}@${host}.com`);

/**
 * Text a field's name asks for, where its schema says it with a refinement the walk cannot read
 * (an e-mail checked by a custom rule, a price as text, a password and its confirmation).
 */
function hintedString(key: string | undefined): fc.Arbitrary<string> | null {
  if (!key) return null;
  if (/e-?mail/i.test(key)) return email;
  if (/password/i.test(key)) return fc.constant('password123');
  if (/url$|link/i.test(key)) return word.map((w) => `https://example.com/${w}`);
  if (/zip|postal/i.test(key)) return fc.constant('62701');
  if (key === 'country') return fc.constant('US');
  if (key === 'state') return fc.constant('IL');
  if (/phone/i.test(key)) return fc.constant('+15555550123');
  return null;
}

/** Amounts as text, for fields named like prices (their checks are refinements); '' clears one. */
const AMOUNT_TEXT = ['12.50', '1', '999.99', '0.50', '30.00', ''];

/**
 * Keyset cursors shaped as the server writes them (base64url JSON of a tag, the sort key and an id),
 * holding what a forger would try: impossible timestamps, numbers past the integer columns.
 */
const CURSOR_TIMESTAMPS = [
  '9999-99-99T99:99:99.999999Z',
  '2026-02-30T00:00:00.000000Z',
  '0000-01-01T00:00:00.000000Z',
  '2025-03-04T05:06:07.123456Z',
];
const CURSOR_NUMBERS = [2 ** 31, 2 ** 53 - 1, 1250, -1, 0.5];

export const keysetCursorArbitrary: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(fc.constantFrom('n', 'n', 'g'), fc.constantFrom(...CURSOR_TIMESTAMPS)),
      },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom('pa', 'pd'), fc.constantFrom(...CURSOR_NUMBERS)) },
      // Now and then a tag with the other kind of key.
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom('n', 'g', 'pa', 'pd', 'x'),
          fc.constantFrom(...CURSOR_TIMESTAMPS, ...CURSOR_NUMBERS),
        ),
      },
    ),
    fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) }, fc.constantFrom(2 ** 31, -1)),
  )
  .map(([[tag, key], id]) => [tag, key, id])
  .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url'));

function validString(bounds: Bounds, key?: string): fc.Arbitrary<string> {
  if (bounds.format === 'email') return email;
  if (key === 'cursor') return keysetCursorArbitrary;
  if (key && /price|amount|cost|usd|fee|rate|percent/i.test(key)) {
    const fits = AMOUNT_TEXT.filter((v) => !bounds.pattern || bounds.pattern.test(v));
    if (fits.length > 0) return fc.constantFrom(...fits);
  }
  const hinted = hintedString(key);
  if (hinted && !bounds.format && !bounds.pattern) return hinted;
  if (bounds.format === 'date') return isoDay;
  if (bounds.format === 'datetime')
    return fc
      .date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (bounds.format === 'url') return fc.webUrl();
  if (bounds.format === 'uuid' || bounds.format === 'guid') return fc.uuid();
  if (bounds.pattern) {
    try {
      return fc.stringMatching(bounds.pattern).filter((s) => s.length <= 200);
    } catch {
      // a pattern fast-check cannot generate from: plain text below
    }
  }
  const minLength = Math.min(bounds.minLength ?? 0, VALID_TEXT_CAP);
  const maxLength = Math.max(minLength, Math.min(bounds.maxLength ?? VALID_TEXT_CAP, VALID_TEXT_CAP));
  // Mostly words (trimmed text that is not blank), sometimes any text.
  const words = fc
    .array(word, { minLength: 1, maxLength: 4 })
    .map((w) => w.join(' ').slice(0, maxLength))
    .filter((t) => t.length >= minLength);
  return fc.oneof(
    { weight: 3, arbitrary: words },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength }) },
  );
}

function validNumber(bounds: Bounds): fc.Arbitrary<number> {
  if (bounds.isInt) {
    const min = Math.max(Math.ceil(bounds.min ?? -1_000_000), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(bounds.max ?? 1_000_000_000), Number.MAX_SAFE_INTEGER);
    if (min > max) return fc.constant(min);
    // Small values often: ids of the rows a test inserted, counts, pages.
    const small = fc.integer({
      min: Math.max(min, Math.min(max, 0)),
      max: Math.min(max, Math.max(min, 0) + 5),
    });
    return fc.oneof({ weight: 2, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
  }
  return fc.double({
    min: bounds.min ?? -1_000_000,
    max: bounds.max ?? 1_000_000_000,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values of the schema's shape. */
export function validArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  return build(schema, 0, 0);
}

/**
 * Values of the schema's shape with about `rate` (0..1) of the leaves made hostile, and objects that
 * sometimes gain an unknown key or lose a required one.
 */
export function hostileArbitrary(schema: unknown, rate = 0.25): fc.Arbitrary<unknown> {
  return build(schema, rate, 0);
}

type Leaf = { path: string[]; schema: unknown };

/** The fields of nested objects, by path (through wrappers), that the walk can make hostile. */
function leavesOf(schema: unknown, path: string[] = [], depth = 0): Leaf[] {
  const def = defOf(schema);
  if (!def || depth > MAX_DEPTH) return [];
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
      leavesOf(v, [...path, k], depth + 1),
    );
  }
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  if (inner) return leavesOf(inner, path, depth + 1);
  return path.length > 0 ? [{ path, schema }] : [];
}

/**
 * A valid value with exactly one field made hostile: everything else passes, so the one bad value
 * meets whatever the route does with it (a well-formed year 0000 reaches the query; ten bad fields
 * stop at validation).
 */
export function oneHostileArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const leaves = leavesOf(schema);
  if (leaves.length === 0) return hostileArbitrary(schema);
  const mutation = fc
    .constantFrom(...leaves)
    .chain((leaf) => build(leaf.schema, 1, 0, leaf.path.at(-1)).map((bad) => ({ path: leaf.path, bad })));
  return fc.tuple(validArbitrary(schema), mutation).map(([value, { path, bad }]) => {
    if (!isPlainObject(value)) return value;
    const out = structuredClone(value);
    let holder: Record<string, unknown> = out;
    for (const key of path.slice(0, -1)) {
      if (!isPlainObject(holder[key])) holder[key] = {};
      holder = holder[key] as Record<string, unknown>;
    }
    holder[path.at(-1)!] = bad;
    return out;
  });
}

/**
 * A valid value with one of its texts (object keys aside) given a NUL byte or a lone surrogate: the
 * value passes its schema in every other way, so only the input guard stands between it and the
 * database.
 */
export function unsafeTextArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validArbitrary(schema),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('\u0000', '\u0000', '\u0000', '\ud800', '\udc00'),
    )
    .map(([value, which, at, char]) => {
      if (typeof value === 'string') return insertAt(value, char, at);
      const texts: { holder: Record<string, unknown>; key: string }[] = [];
      const walk = (v: unknown) => {
        if (!Array.isArray(v) && !isPlainObject(v)) return;
        for (const [key, child] of Object.entries(v)) {
          if (typeof child === 'string') texts.push({ holder: v as Record<string, unknown>, key });
          else walk(child);
        }
      };
      walk(value);
      const target = texts[which % Math.max(texts.length, 1)];
      if (target) target.holder[target.key] = insertAt(target.holder[target.key] as string, char, at);
      return value;
    });
}

function insertAt(text: string, char: string, at: number): string {
  const i = text.length === 0 ? 0 : at % (text.length + 1);
  return text.slice(0, i) + char + text.slice(i);
}

/** Text that has broken servers, whatever the field. */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
] as const;

/**
 * Days written as days but far from any real booking (year 0 exists in no calendar a database
 * keeps; the day after 9999-12-31 has five digits), then text that looks like a day and is none.
 */
const EXTREME_DATES = ['0000-01-01', '0001-01-01', '1000-06-15', '2999-12-31', '9999-12-31'] as const;
const IMPOSSIBLE_DATES = [
  ...EXTREME_DATES,
  '9999-99-99',
  '2026-02-30',
  '2026-13-01',
  '-000001-01-01',
  '+275760-09-13',
  '2026-01-01T25:61:61Z',
] as const;

/** Numbers past the integer columns, the safe integers and the doubles, and the odd ones. */
const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
] as const;

const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, 0, -1, 2 ** 53, '', 'x', [], {}, [
  '\u0000',
]);

/** A valid text with NUL or a lone surrogate put in the middle: only the input guard stops it. */
function withUnsafeChar(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.nat())
    .map(([s, c, at]) => insertAt(s, c, at));
}

function hostileString(bounds: Bounds, key?: string): fc.Arbitrary<unknown> {
  const tooLong = Math.min((bounds.maxLength ?? 9_999) + 1, 20_000);
  const options: fc.Arbitrary<unknown>[] = [
    withUnsafeChar(validString(bounds, key)),
    fc.constantFrom(...HOSTILE_TEXT),
    fc.constant('a'.repeat(tooLong)),
    fc.string({ unit: 'binary', maxLength: 20 }),
    wrongType,
  ];
  // A date field gets days no database holds as often as everything else together.
  if (bounds.format === 'date' || bounds.format === 'datetime')
    return fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...EXTREME_DATES) },
      { weight: 1, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
      { weight: 1, arbitrary: fc.oneof(...options) },
    );
  return fc.oneof(...options);
}

function hostileNumber(bounds: Bounds): fc.Arbitrary<unknown> {
  const edges = [bounds.min, bounds.max]
    .filter((v): v is number => v !== undefined)
    .flatMap((v) => [v - 1, v + 1]);
  return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS, ...edges), fc.constantFrom(...HOSTILE_TEXT), wrongType);
}

function build(schema: unknown, rate: number, depth: number, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > MAX_DEPTH) return fc.constant(null);
  const valid = buildValid(def, rate, depth, key);
  if (rate <= 0) return valid;
  const hostile = hostileFor(def, rate, depth, key);
  if (!hostile) return valid;
  const weight = Math.max(1, Math.round(rate * 100));
  return fc.oneof({ weight: 100 - Math.min(weight, 99), arbitrary: valid }, { weight, arbitrary: hostile });
}

/** The hostile values of one node, or null for wrappers (their inner node mutates instead). */
function hostileFor(def: Def, rate: number, depth: number, key?: string): fc.Arbitrary<unknown> | null {
  switch (def.type) {
    case 'string':
      return hostileString(boundsOf(def), key);
    case 'number':
    case 'int':
    case 'bigint':
      return hostileNumber(boundsOf(def));
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'yes', 1, 0), wrongType);
    case 'enum':
    case 'literal':
      return fc.oneof(
        fc.constantFrom('not-an-option', 'ACTIVE', '__proto__'),
        withUnsafeChar(buildValid(def, 0, depth).map(String)),
        wrongType,
      );
    case 'array': {
      const max = boundsOf(def).maxLength;
      const element = build(def.element, rate, depth + 1);
      return fc.oneof(
        fc.array(element, { minLength: (max ?? 100) + 1, maxLength: (max ?? 100) + 1 }),
        wrongType,
      );
    }
    case 'object':
    case 'record':
      return wrongType;
    case 'date':
      return fc.constantFrom(...IMPOSSIBLE_DATES);
    default:
      return null;
  }
}

function buildValid(def: Def, rate: number, depth: number, key?: string): fc.Arbitrary<unknown> {
  const next = (s: unknown) => build(s, rate, depth + 1);
  // Wrappers keep the field's name for the value they wrap.
  const inner = (s: unknown) => build(s, rate, depth + 1, key);
  switch (def.type) {
    case 'string':
      return validString(boundsOf(def), key);
    case 'number':
    case 'int':
      return validNumber(boundsOf(def));
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof(
        { weight: 4, arbitrary: inner(def.innerType) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    case 'pipe':
      // Text trimmed, then checked as an e-mail: the checked side says what the text must be.
      return build(
        defOf(def.in)?.type === 'string' && defOf(def.out)?.type === 'string' ? def.out : def.in,
        rate,
        depth,
        key,
      );
    case 'lazy':
      return next((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(next));
    case 'array': {
      const bounds = boundsOf(def);
      const minLength = Math.min(bounds.minLength ?? 0, VALID_ARRAY_CAP);
      const maxLength = Math.max(minLength, Math.min(bounds.maxLength ?? VALID_ARRAY_CAP, VALID_ARRAY_CAP));
      return fc.array(next(def.element), { minLength, maxLength });
    }
    case 'record':
      return fc.dictionary(next(def.keyType).map(String), next(def.valueType), { maxKeys: 3 });
    case 'intersection':
      return fc
        .tuple(next(def.left), next(def.right))
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : b));
    case 'object':
      return buildObject(def, rate, depth);
    default:
      // unknown, any, custom, transform and the rest: any JSON
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function buildObject(def: Def, rate: number, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, build(shape[k], rate, depth + 1, k)])), {
    requiredKeys: keys.filter((k) => !isOptionalKey(shape[k])),
  });
  if (rate <= 0 || keys.length === 0) return record;
  // Now and then a required key goes missing, or an unknown one comes along.
  return fc
    .tuple(record, fc.nat({ max: 19 }), fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_TEXT))
    .map(([value, roll, key, text]) => {
      const out = { ...(value as Record<string, unknown>) };
      if (roll === 0) delete out[key];
      if (roll === 1) out[`${key}\u0000`] = text;
      if (roll === 2) out.__proto__extra = text;
      return out;
    });
}
