import { describe, expect, it } from 'vitest';
import { challengeOf, relyingParty } from './webauthn-party.ts';

describe('relyingParty', () => {
  it('is PUBLIC_URL’s origin and host name only, for a public site', () => {
    const party = relyingParty('https://artchip.example');
    expect(party.origins).toEqual(['https://artchip.example']);
    expect(party.rpIds).toEqual(['artchip.example']);
    expect(party.rpIdFor('https://evil.example')).toBe('artchip.example');
    expect(party.rpIdFor(undefined)).toBe('artchip.example');
    expect(party.rpIdFor('https://artchip.example')).toBe('artchip.example');
  });

  it('takes localhost and 127.0.0.1 as one machine on a loopback PUBLIC_URL (same port)', () => {
    const party = relyingParty('http://127.0.0.1:5173');
    expect(party.origins).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
    expect(party.rpIds).toEqual(['127.0.0.1', 'localhost']);
    expect(party.rpIdFor('http://localhost:5173')).toBe('localhost');
    expect(party.rpIdFor('HTTP://LOCALHOST:5173')).toBe('localhost');
    expect(party.rpIdFor('http://localhost:9999')).toBe('127.0.0.1');
  });
});

describe('challengeOf', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('reads the challenge of a clientDataJSON', () => {
    expect(challengeOf(encode({ type: 'webauthn.get', challenge: 'abc_-1' }))).toBe('abc_-1');
  });

  it('is null for anything else', () => {
    expect(challengeOf('not json')).toBeNull();
    expect(challengeOf(encode(null))).toBeNull();
    expect(challengeOf(encode({ challenge: 42 }))).toBeNull();
    expect(challengeOf(encode({ challenge: '' }))).toBeNull();
    expect(challengeOf(encode({ challenge: 'x'.repeat(201) }))).toBeNull();
  });
});
