import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { checkEmailPath, isEmailVerificationRequired, pendingEmailFrom } from './auth-flow.ts';

describe('isEmailVerificationRequired', () => {
  it('is true only for a 403 that mentions verification', () => {
    expect(
      isEmailVerificationRequired(new ApiRequestError(403, 'Please verify your email address first')),
    ).toBe(true);
    expect(isEmailVerificationRequired(new ApiRequestError(403, 'Email not verified'))).toBe(true);
    expect(isEmailVerificationRequired(new ApiRequestError(403, 'Forbidden'))).toBe(false);
    expect(isEmailVerificationRequired(new ApiRequestError(401, 'Please verify your email'))).toBe(false);
    expect(isEmailVerificationRequired(new Error('verify'))).toBe(false);
  });
});

describe('pendingEmailFrom', () => {
  it('prefers the query, then the stored address', () => {
    expect(pendingEmailFrom('a@example.com', 'b@example.com')).toBe('a@example.com');
    expect(pendingEmailFrom(null, 'b@example.com')).toBe('b@example.com');
    expect(pendingEmailFrom('  ', 'b@example.com')).toBe('b@example.com');
    expect(pendingEmailFrom(null, null)).toBe('');
  });
});

describe('checkEmailPath', () => {
  it('encodes the address and marks a blocked log-in', () => {
    expect(checkEmailPath('a+b@example.com')).toBe('/check-email?email=a%2Bb%40example.com');
    expect(checkEmailPath('a@example.com', 'login')).toBe('/check-email?email=a%40example.com&from=login');
  });
});
