import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { adminHomeAfterLogin, adminLoginErrorMessage } from './admin-login-error.ts';

describe('adminLoginErrorMessage', () => {
  it.each([
    [
      new ApiRequestError(401, 'Invalid admin credentials'),
      'Invalid admin credentials. Please check your email and password.',
    ],
    [
      new ApiRequestError(404, 'User not found'),
      'Admin account not found. Please contact system administrator.',
    ],
    [
      new ApiRequestError(400, 'User not found'),
      'Admin account not found. Please contact system administrator.',
    ],
    [
      new ApiRequestError(500, 'Something went wrong'),
      'Server error. Please try again later or contact support.',
    ],
    [new ApiRequestError(429, 'Too many attempts'), 'Login failed. Please try again.'],
    [new TypeError('Failed to fetch'), 'Login failed. Please try again.'],
  ])('%s → %s', (err, message) => {
    expect(adminLoginErrorMessage(err)).toBe(message);
  });
});

describe('adminHomeAfterLogin', () => {
  it('sends /siteadmin to its dashboard and /admin-login to the portal', () => {
    expect(adminHomeAfterLogin('/siteadmin')).toBe('/siteadmin/dashboard');
    expect(adminHomeAfterLogin('/admin-login')).toBe('/secret-admin-portal');
  });
});
