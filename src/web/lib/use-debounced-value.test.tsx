// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('follows the value only once it has stopped changing for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBe('a');
    rerender({ value: 'ab' });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    rerender({ value: 'abc' });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    // 800 ms since the first change, but only 400 since the last: still the first value.
    expect(result.current).toBe('a');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe('abc');
  });
});
