import { describe, expect, it } from 'vitest';
import { parseCookies } from './session-cookies.ts';

describe('parseCookies', () => {
  it('reads names and decoded values, keeping the first of a repeated name', () => {
    const cookies = parseCookies('a=1; artchip_session=x%2By; a=2; quoted="v"; broken=%E0%A4%A');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('artchip_session')).toBe('x+y');
    expect(cookies.get('quoted')).toBe('v');
    expect(cookies.get('broken')).toBe('%E0%A4%A');
  });

  it('ignores parts without a name or an equals sign', () => {
    expect([...parseCookies('=v; flag; b=2').keys()]).toEqual(['b']);
    expect(parseCookies(undefined).size).toBe(0);
  });
});
