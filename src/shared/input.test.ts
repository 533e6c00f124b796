import { expect, test } from 'vitest';
import { findUnsafeText, isSafeText, idParam, unsafeTextPaths } from './input.ts';

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

test('the text check walks deep nesting without recursion and stops at its budget', () => {
  let deep: unknown = 'x\u0000';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const found = findUnsafeText(deep, 200_000);
  expect(found.tooLarge).toBe(false);
  expect(found.paths).toHaveLength(1);
  expect(found.paths[0]).toHaveLength(100_000);

  const wide = Array.from({ length: 50 }, () => 'a');
  expect(findUnsafeText(wide, 50)).toEqual({ paths: [], tooLarge: true });
  expect(findUnsafeText(wide, 51)).toEqual({ paths: [], tooLarge: false });
});

test('the walk passes over nulls, numbers and booleans, and names at most 20 unsafe places', () => {
  expect(unsafeTextPaths({ a: null, b: [null, 1, true], c: 'x\u0000' })).toEqual([['c']]);
  const many = Array.from({ length: 30 }, () => 'bad\u0000');
  expect(unsafeTextPaths(many)).toHaveLength(20);
  expect(unsafeTextPaths(many)[19]).toEqual([19]);
});

test('ids say "Not found" unless told otherwise', () => {
  expect(idParam().safeParse('abc').error?.issues[0]?.message).toBe('Not found');
  expect(idParam('No such order').safeParse('abc').error?.issues[0]?.message).toBe('No such order');
  expect(idParam().safeParse('0').error?.issues[0]?.message).toBe('Not found');
});
