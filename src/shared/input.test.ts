import { expect, test } from 'vitest';
import { isSafeText, idParam, unsafeTextPaths } from './input.ts';

test('text with NUL or a lone surrogate is unsafe; paired surrogates (emoji) are fine', () => {
  expect(isSafeText('plain café 🎨')).toBe(true);
  expect(isSafeText('a\u0000b')).toBe(false);
  expect(isSafeText('\ud800')).toBe(false);
  expect(isSafeText('x\udfffy')).toBe(false);
  expect(isSafeText('\ud83c')).toBe(false);
});

test('unsafeTextPaths finds nested strings and keys', () => {
  expect(unsafeTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\ud800': 1 }, d: 5 })).toEqual([
    ['b', 1],
    ['c', 'k\ud800'],
  ]);
  expect(unsafeTextPaths('fine')).toEqual([]);
});

test('ids past the integer column are refused, not sent to the database', () => {
  expect(idParam().safeParse('2147483647').success).toBe(true);
  expect(idParam().safeParse('2147483648').success).toBe(false);
  expect(idParam().safeParse('0').success).toBe(false);
  expect(idParam().safeParse('1.5').success).toBe(false);
});
