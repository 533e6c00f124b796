import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UsernameSchema } from '#shared/users.schemas.ts';
import { usernameBaseFromEmail, usernameCandidate } from './usernames.ts';

describe('usernameBaseFromEmail', () => {
  it.each([
    ['jane.doe@example.com', 'jane.doe'],
    ['Jane.Doe+shop@example.com', 'jane.doe_shop'],
    ['ab@example.com', 'ab_user'],
    ['--@example.com', 'user'],
    ['__x__@example.com', 'x_user'],
    ['ünïcode@example.com', 'n_code'],
  ])('%s → %s', (email, expected) => {
    expect(usernameBaseFromEmail(email)).toBe(expected);
  });

  it('keeps long local parts to 40 characters', () => {
    expect(usernameBaseFromEmail(`${'a'.repeat(80)}@example.com`)).toBe('a'.repeat(40));
  });

  it('always yields a valid username, with or without a suffix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat({ max: 10 }), (local, attempt) => {
        const candidate = usernameCandidate(usernameBaseFromEmail(`${local}@example.com`), attempt);
        expect(UsernameSchema.safeParse(candidate).success).toBe(true);
      }),
    );
  });

  it('adds a numeric suffix after the first attempt', () => {
    expect(usernameCandidate('jane', 0)).toBe('jane');
    expect(usernameCandidate('jane', 1)).toMatch(/^jane_\d{4}$/);
    expect(usernameCandidate('jane', 7)).toMatch(/^jane_\d{8}$/);
  });
});
