// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import AdminLoginPage from './admin-login-page.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('AdminLoginPage', () => {
  it('asks for the e-mailed code when the admin log-in is backing off, and signs in with it', async () => {
    const admin = { firstName: 'Bo', username: 'admin', email: 'boss@example.com' };
    const { callsTo } = mockApi({
      'GET /api/auth/user': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' },
      }),
      'POST /api/admin/auth/login': () => ({
        body: { codeRequired: true, challenge: 'c-1', message: 'We e-mailed you a sign-in code.' },
      }),
      'POST /api/admin/auth/login/code': () => ({ body: { token: 't', admin } }),
    });
    const { history } = renderWithApp(<AdminLoginPage />, { route: '/siteadmin' });
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Email'), 'boss@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));

    await ui.type(await screen.findByLabelText('Enter the code we e-mailed you'), ' 654321 ');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(history.location.pathname).toBe('/siteadmin/dashboard'));
    expect(callsTo('POST /api/admin/auth/login/code')[0]!.body).toEqual({ challenge: 'c-1', code: '654321' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.adminUser)!)).toEqual(admin);
  });

  it('asks an admin with an authenticator app for its code, and signs in with it', async () => {
    const admin = { firstName: 'Bo', username: 'admin', email: 'boss@example.com' };
    const { callsTo } = mockApi({
      'GET /api/auth/user': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' },
      }),
      'POST /api/admin/auth/login': () => ({
        body: { twoFactorRequired: true, challenge: 'c-2', message: 'Enter the code.', methods: ['totp'] },
      }),
      'POST /api/admin/auth/2fa/verify': () => ({ body: { token: 't', admin } }),
    });
    const { history } = renderWithApp(<AdminLoginPage />, { route: '/siteadmin' });
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Email'), 'boss@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));

    const field = await screen.findByLabelText(
      'Enter the 6-digit code from your authenticator app, or a recovery code',
    );
    await ui.type(field, 'abcde-23456');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(history.location.pathname).toBe('/siteadmin/dashboard'));
    expect(callsTo('POST /api/admin/auth/2fa/verify')[0]!.body).toEqual({
      challenge: 'c-2',
      code: 'abcde-23456',
    });
  });
});
