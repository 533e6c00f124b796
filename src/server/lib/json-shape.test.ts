import { expect, test } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, JSON_TOO_MANY_VALUES_MESSAGE, jsonShapeProblem } from './json-shape.ts';

const limits = { maxDepth: 3, maxValues: 10 };

test('nesting up to the limit passes; one level more is refused', () => {
  expect(jsonShapeProblem('[[[1]]]', limits)).toBeNull();
  expect(jsonShapeProblem('[[[[1]]]]', limits)).toBe(JSON_TOO_DEEP_MESSAGE);
  expect(jsonShapeProblem('{"a":{"b":{"c":{}}}}', limits)).toBe(JSON_TOO_DEEP_MESSAGE);
  // Siblings do not add depth: closing an object or an array goes back up.
  expect(jsonShapeProblem('[[1],[2],[3]]', limits)).toBeNull();
  expect(jsonShapeProblem('{"a":{"b":{}},"c":{"d":{}}}', limits)).toBeNull();
  expect(jsonShapeProblem('[[[1]],[[2]]]', limits)).toBeNull();
});

test('brackets, commas and quotes inside strings do not count', () => {
  expect(jsonShapeProblem('{"a":"[[[[[,,,,,,,,,,,,]]]]]"}', limits)).toBeNull();
  expect(jsonShapeProblem('{"a":"quote \\" then [[[[["}', limits)).toBeNull();
  expect(jsonShapeProblem('["\\\\",[[[1]]]]', limits)).toBe(JSON_TOO_DEEP_MESSAGE);
});

test('values are counted by items and containers', () => {
  expect(jsonShapeProblem('[1,2,3,4,5,6,7,8,9]', limits)).toBeNull();
  expect(jsonShapeProblem('[1,2,3,4,5,6,7,8,9,10]', limits)).toBe(JSON_TOO_MANY_VALUES_MESSAGE);
  // The limit reached exactly by a container still fits; one more container does not.
  expect(jsonShapeProblem('[1,1,1,1,1,1,1,[1]]', limits)).toBeNull();
  expect(jsonShapeProblem('[1,1,1,1,1,1,1,1,[1]]', limits)).toBe(JSON_TOO_MANY_VALUES_MESSAGE);
});

test('a megabyte of nesting is refused in one quick pass', () => {
  const body = '['.repeat(500_000) + ']'.repeat(500_000);
  const started = performance.now();
  expect(jsonShapeProblem(body)).toBe(JSON_TOO_DEEP_MESSAGE);
  expect(jsonShapeProblem('[' + '1,'.repeat(400_000) + '1]')).toBe(JSON_TOO_MANY_VALUES_MESSAGE);
  // Not a timing assertion of the product, only that the scan is not quadratic (would take seconds).
  expect(performance.now() - started).toBeLessThan(1000);
});
