// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import LoginPage from './login-page.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const CODE_STEP = {
  codeRequired: true,
  challenge: 'challenge-1',
  message: 'To keep your account safe after several failed log-ins, we e-mailed you a sign-in code.',
};

const JANE = buildUser({ username: 'jane' });

function renderPage(codeAnswers: { status?: number; body: unknown }[]) {
  let signedIn = false;
  const api = mockApi({
    'GET /api/auth/user': () =>
      signedIn ? { body: JANE } : { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' } },
    'POST /api/auth/login': () => ({ body: CODE_STEP }),
    'POST /api/auth/login/code': () => {
      const answer = codeAnswers.shift()!;
      if (!answer.status) {
        signedIn = true;
        document.cookie = 'artchip_signed_in=1; Path=/';
      }
      return answer;
    },
  });
  const rendered = renderWithApp(<LoginPage />, { route: '/login?next=/dashboard' });
  return { ...api, ...rendered, ui: userEvent.setup() };
}

describe('LoginPage', () => {
  it('asks for the e-mailed code when the log-in is backing off, and signs in with it', async () => {
    const { ui, callsTo, history } = renderPage([
      {
        status: 400,
        body: {
          code: 'INVALID_TOKEN',
          message: 'That code is not right. Please check the e-mail and try again.',
        },
      },
      { body: { token: 't', user: JANE } },
    ]);
    await ui.type(screen.getByLabelText('Email'), 'jane@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    const field = await screen.findByLabelText('Enter the code we e-mailed you');
    expect(screen.getByText(/we e-mailed you a sign-in code/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    // Not six digits: the form says so and sends nothing.
    await ui.type(field, '12a');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from the e-mail');
    expect(callsTo('POST /api/auth/login/code')).toHaveLength(0);

    // A wrong code: the server's words under the field.
    await ui.clear(field);
    await ui.type(field, '111111');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That code is not right. Please check the e-mail and try again.',
      ),
    );

    await ui.clear(field);
    await ui.type(field, '123456');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(callsTo('POST /api/auth/login/code').map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '111111' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('goes back to the e-mail and password to start over', async () => {
    const { ui } = renderPage([]);
    await ui.type(screen.getByLabelText('Email'), 'jane@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByLabelText('Enter the code we e-mailed you');
    await ui.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('jane@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });
});

describe('LoginPage with two-factor sign-in', () => {
  it('asks for the authenticator code after the password, shows a refusal, and signs in with a right code', async () => {
    let signedIn = false;
    const answers = [
      {
        status: 400,
        body: {
          code: 'INVALID_TOKEN',
          message: 'That code is not right. Check the authenticator app and try again.',
        },
      },
      { body: { token: 't', user: JANE } },
    ];
    const { callsTo } = mockApi({
      'GET /api/auth/user': () =>
        signedIn
          ? { body: JANE }
          : { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' } },
      'POST /api/auth/login': () => ({
        body: { twoFactorRequired: true, challenge: 'two-1', message: 'Enter the code.', methods: ['totp'] },
      }),
      'POST /api/auth/2fa/verify': () => {
        const answer = answers.shift()!;
        if (!('status' in answer)) {
          signedIn = true;
          document.cookie = 'artchip_signed_in=1; Path=/';
        }
        return answer;
      },
    });
    const { history } = renderWithApp(<LoginPage />, { route: '/login?next=/dashboard' });
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Email'), 'jane@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    const field = await screen.findByLabelText(
      'Enter the 6-digit code from your authenticator app, or a recovery code',
    );
    await ui.type(field, '111111');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/That code is not right/)).toBeTruthy();
    await ui.clear(field);
    await ui.type(field, '123 456');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(callsTo('POST /api/auth/2fa/verify')[1]!.body).toEqual({ challenge: 'two-1', code: '123456' });
  });
});
