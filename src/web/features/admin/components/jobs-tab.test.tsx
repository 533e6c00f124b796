// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { JobEntry } from '#shared/jobs.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { JobsTab } from './jobs-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const job = (overrides: Partial<JobEntry>): JobEntry => ({
  id: '1',
  kind: 'payments-reconcile',
  uniqueKey: 'recurring:payments-reconcile',
  status: 'pending',
  runAt: '2026-11-24T10:01:00.000Z',
  attempts: 0,
  maxAttempts: 5,
  lockedAt: null,
  lastError: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('JobsTab', () => {
  it('lists the jobs with their state and last error, and filters by state', async () => {
    const api = mockApi({
      'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
      'GET /api/admin/jobs': (call) => ({
        body: {
          items: call.search.includes('status=failed')
            ? [job({ id: '2', kind: 'refunds', status: 'failed', attempts: 5, lastError: 'provider down' })]
            : [
                job({}),
                job({ id: '2', kind: 'refunds', status: 'failed', attempts: 5, lastError: 'provider down' }),
              ],
        },
      }),
    });
    renderWithApp(<JobsTab />);
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    expect(await within(table).findByText('payments-reconcile')).toBeTruthy();
    const failedRow = within(table).getByText('refunds').closest('tr')!;
    expect(within(failedRow).getByText('provider down')).toBeTruthy();
    expect(within(failedRow).getByText('5 of 5')).toBeTruthy();

    await userEvent.setup().selectOptions(screen.getByLabelText('State'), 'failed');
    expect(await within(table).findByText('refunds')).toBeTruthy();
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table')).queryByText('payments-reconcile')).toBeNull(),
    );
    expect(api.callsTo('GET /api/admin/jobs').map((c) => c.search)).toContain('?status=failed');
  });
});
