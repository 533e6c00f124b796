// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import VerifyEmailPage from './verify-email-page.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const OTHER_ACCOUNT =
  'This email address is now verified. You are signed in to a different account, so we did not switch: log out first, then log in with the verified address.';

describe('VerifyEmailPage', () => {
  it('welcomes a verified, signed-in user', async () => {
    const user = buildUser({ isEmailVerified: true });
    mockApi({
      'GET /api/auth/verify-email': () => ({
        body: { outcome: 'signed_in', token: 't', user, message: 'Your email has been verified. Welcome!' },
      }),
      'GET /api/auth/user': () => ({ body: user }),
    });
    renderWithApp(<VerifyEmailPage />, { route: '/verify-email?token=abc' });
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Welcome!');
  });

  it('sends an account whose hand-out password was discarded on to choose a new one', async () => {
    mockApi({
      'GET /api/auth/verify-email': () => ({
        body: {
          outcome: 'set_password',
          email: 'owner@example.com',
          setPasswordToken: 'fresh-token',
          message: 'Your email has been verified. For your safety, please choose your password again.',
        },
      }),
      'GET /api/auth/user': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' },
      }),
    });
    const { history } = renderWithApp(<VerifyEmailPage />, { route: '/verify-email?token=abc' });
    expect(await screen.findByText(/please choose your password again/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Choose a Password' });
    expect(link.getAttribute('href')).toBe('/set-password?token=fresh-token&email=owner%40example.com');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/set-password'), { timeout: 4000 });
  });

  it('tells a browser signed in to another account that it stayed signed in, and does not move on', async () => {
    const me = buildUser({ id: 9, isEmailVerified: true });
    mockApi({
      'GET /api/auth/verify-email': () => ({
        body: { outcome: 'log_in', email: 'other@example.com', message: OTHER_ACCOUNT },
      }),
      'GET /api/auth/user': () => ({ body: me }),
    });
    const { history } = renderWithApp(<VerifyEmailPage />, {
      route: '/verify-email?token=abc',
      token: 'mine',
    });
    expect((await screen.findByRole('status')).textContent).toBe(OTHER_ACCOUNT);
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(history.location.pathname).toBe('/verify-email');
  });
});
