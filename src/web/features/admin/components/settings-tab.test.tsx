// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildSettings, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { SettingsTab } from './settings-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function setup() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/site-settings': () => ({ body: buildSettings() }),
    'PUT /api/admin/site-settings': ({ body }) => ({ body: { ...buildSettings(), ...(body as object) } }),
  });
  renderWithApp(<SettingsTab />);
  return { ...api, user: userEvent.setup() };
}

describe('SettingsTab', () => {
  it('edits the payout hold in whole days from 0 to 365', async () => {
    const { user, callsTo } = setup();
    const field = await screen.findByLabelText<HTMLInputElement>('Payout hold (days)');
    expect(field.value).toBe('7');

    const message = 'Must be a whole number of days from 0 to 365';
    for (const bad of ['366', '1.5', '-1', '']) {
      await user.clear(field);
      await user.type(field, '5');
      expect(screen.queryByText(message)).toBeNull();
      await user.clear(field);
      if (bad) await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: 'Save Settings' }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map(
        (c) => (c.body as { payoutHoldDays: unknown }).payoutHoldDays,
      ),
    ).toEqual([0]);
  });
});
