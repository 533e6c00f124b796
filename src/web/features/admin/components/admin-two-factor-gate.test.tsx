// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { AdminTwoFactorGate } from './admin-two-factor-gate.tsx';

afterEach(cleanup);

const status = (over: Record<string, unknown>) => ({
  body: { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, enrolmentRequired: false, ...over },
});

describe('AdminTwoFactorGate', () => {
  it('shows the enrolment screen instead of the dashboard while enrolment is required', async () => {
    mockApi({ 'GET /api/admin/auth/2fa': () => status({ enrolmentRequired: true }) });
    renderWithApp(
      <AdminTwoFactorGate>
        <p>Dashboard</p>
      </AdminTwoFactorGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Admins must use two-factor sign-in/);
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
});
