// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { AdminTwoFactorGate } from './admin-two-factor-gate.tsx';

afterEach(cleanup);

const status = (over: Record<string, unknown>) => ({
  body: {
    totpEnabled: false,
    passkeys: 0,
    enabledAt: null,
    recoveryCodesLeft: 0,
    enrolmentRequired: false,
    ...over,
  },
});
const noPasskeys = () => ({ body: { passkeys: [] } });

describe('AdminTwoFactorGate', () => {
  it('shows the enrolment screen instead of the dashboard while enrolment is required', async () => {
    mockApi({
      'GET /api/admin/auth/2fa': () => status({ enrolmentRequired: true }),
      'GET /api/admin/auth/passkeys': noPasskeys,
    });
    renderWithApp(
      <AdminTwoFactorGate>
        <p>Dashboard</p>
      </AdminTwoFactorGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Admins must use two-factor sign-in/);
    // A passkey is a second factor too (decision 075).
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeTruthy();
    expect(screen.queryByText('Dashboard')).toBeNull();
  });

  it('asks an admin without a second factor, above the dashboard, while it is not required', async () => {
    mockApi({ 'GET /api/admin/auth/2fa': () => status({}) });
    renderWithApp(
      <AdminTwoFactorGate>
        <p>Dashboard</p>
      </AdminTwoFactorGate>,
    );
    expect(await screen.findByText(/Protect the admin account/)).toBeTruthy();
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up now' })).toBeTruthy();
  });

  it('does not ask an admin who has a passkey', async () => {
    let answered = false;
    mockApi({
      'GET /api/admin/auth/2fa': () => {
        answered = true;
        return status({ passkeys: 1 });
      },
    });
    renderWithApp(
      <AdminTwoFactorGate>
        <p>Dashboard</p>
      </AdminTwoFactorGate>,
    );
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText(/Protect the admin account/)).toBeNull();
  });
});
