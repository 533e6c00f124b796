import { ApiRequestError } from '#web/lib/api-client.ts';

/** Spec §8 "Admin login": the description shown under 'Authentication Failed'. */
export function adminLoginErrorMessage(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 401) return 'Invalid admin credentials. Please check your email and password.';
    if (err.status === 404 || /user not found/i.test(err.message)) {
      return 'Admin account not found. Please contact system administrator.';
    }
    if (err.status === 500) return 'Server error. Please try again later or contact support.';
  }
  return 'Login failed. Please try again.';
}

/** Where a successful log-in goes: /siteadmin → /siteadmin/dashboard, /admin-login → /secret-admin-portal. */
export function adminHomeAfterLogin(pathname: string): string {
  return pathname.startsWith('/siteadmin') ? '/siteadmin/dashboard' : '/secret-admin-portal';
}
