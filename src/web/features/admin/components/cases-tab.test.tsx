// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AdminCaseDetail } from '#shared/cases.schemas.ts';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { CasesTab } from './cases-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));
afterEach(cleanup);

const DETAIL: AdminCaseDetail = {
  id: 4,
  orderId: 9,
  kind: 'damaged',
  status: 'awaiting_decision',
  description: 'Cracked across the middle.',
  photos: [],
  sellerDueAt: '2026-12-01T10:00:00.000Z',
  sellerAnswer: 'Packed well.',
  sellerAnsweredAt: '2026-11-29T10:00:00.000Z',
  outcome: null,
  refundCents: null,
  decisionReason: null,
  decidedAt: null,
  closedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  messages: [
    { from: 'buyer', body: 'Cracked across the middle.', at: '2026-11-28T10:00:00.000Z' },
    { from: 'seller', body: 'Packed well.', at: '2026-11-29T10:00:00.000Z' },
  ],
  buyerUsername: 'rita',
  sellerUsername: 'sam',
  chipTitle: 'Harbor Lights',
  orderTotalCents: 6000,
  canDecide: true,
  order: {
    id: 9,
    status: 'delivered',
    paymentMethod: 'card',
    paymentProvider: 'demo',
    basePriceCents: 5000,
    shippingCents: 1000,
    insuranceCents: 0,
    totalCents: 6000,
    carrier: 'UPS',
    trackingNumber: '1Z999',
    shippedAt: '2026-11-20T10:00:00.000Z',
    deliveredAt: '2026-11-21T10:00:00.000Z',
    deliveredBy: 'buyer',
  },
  taps: [{ id: 1, status: 'authentic', counter: 5, createdAt: '2026-11-21T10:00:00.000Z' }],
  refund: null,
  proceedsHeld: true,
};

describe('CasesTab', () => {
  it('lists the queue, opens a case with its file, and decides a partial refund in dollars', async () => {
    const api = mockApi({
      'GET /api/admin/cases': () => ({ body: { items: [DETAIL] } }),
      'GET /api/admin/cases/4': () => ({ body: DETAIL }),
      'POST /api/admin/cases/4/decision': () => ({
        body: { ...DETAIL, status: 'closed', outcome: 'partial_refund', refundCents: 1800 },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<CasesTab />);
    await user.click(await screen.findByRole('button', { name: 'View case #4' }));
    const file = await screen.findByRole('region', { name: /^Case #4:/ });
    for (const text of [/UPS 1Z999/, 'Held while the case is open', /Packed well\./, /counter 5/]) {
      expect(within(file).getByText(text)).toBeTruthy();
    }
    const form = within(file).getByRole('form', { name: 'Decision' });
    await user.selectOptions(within(form).getByLabelText('Decision'), 'partial_refund');
    await user.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await within(form).findByText('Enter the amount in dollars, like 18.00')).toBeTruthy();
    await user.type(within(form).getByLabelText('Amount to refund (USD)'), '18.00');
    await user.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await within(form).findByText('Reason is required')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Reason/), 'Crack not explained.');
    await user.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Case #4: Refunded in part')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/cases/4/decision')[0]?.body).toEqual({
      outcome: 'partial_refund',
      amountCents: 1800,
      reason: 'Crack not explained.',
    });
  });
});
