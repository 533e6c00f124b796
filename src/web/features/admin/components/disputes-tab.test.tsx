// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DisputeFile } from '#shared/disputes.schemas.ts';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { DisputesTab } from './disputes-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));
afterEach(cleanup);

const DISPUTE = {
  id: 3,
  provider: 'stripe' as const,
  providerDisputeId: 'dp_123',
  orderId: 9,
  status: 'needs_response' as const,
  reason: 'fraudulent',
  amountCents: 10_000,
  currency: 'usd',
  evidenceDueBy: '2026-12-05T10:00:00.000Z',
  evidenceSubmittedAt: null,
  openedAt: '2026-11-28T10:00:00.000Z',
  closedAt: null,
  feeCents: null,
};

const FILE: DisputeFile = {
  dispute: DISPUTE,
  order: {
    id: 9,
    orderType: 'purchase',
    status: 'completed',
    paymentStatus: 'completed',
    paymentMethod: 'card',
    totalCents: 10_000,
    paidAt: '2026-11-20T10:00:00.000Z',
    providerRef: 'pi_1',
    shippingOption: 'store',
    createdAt: '2026-11-20T09:59:00.000Z',
  },
  buyer: {
    id: 5,
    username: 'rita',
    email: 'rita@example.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    disputeFlaggedAt: null,
  },
  chip: { id: 7, title: 'Harbor Lights', custody: 'in_vault', frozen: true, ownedByBuyer: true },
  chipEvents: [{ type: 'sold', at: '2026-11-20T10:00:00.000Z' }],
  signIns: [{ at: '2026-11-20T09:00:00.000Z', lastUsedAt: null, kind: 'user' }],
  paymentEvents: [{ type: 'payment.completed', at: '2026-11-20T10:00:00.000Z', outcome: 'completed' }],
  heldProceeds: true,
  canSubmitEvidence: true,
};

describe('DisputesTab', () => {
  it('lists the open disputes, opens one’s file and sends the evidence to Stripe', async () => {
    const api = mockApi({
      'GET /api/admin/disputes': () => ({
        body: {
          disputes: [
            {
              ...DISPUTE,
              buyerUsername: 'rita',
              buyerEmail: 'rita@example.com',
              chipTitle: 'Harbor Lights',
              orderTotalCents: 10_000,
            },
          ],
        },
      }),
      'GET /api/admin/disputes/3': () => ({ body: FILE }),
      'POST /api/admin/disputes/3/evidence': () => ({
        body: { ...FILE, dispute: { ...DISPUTE, status: 'under_review' }, canSubmitEvidence: false },
      }),
    });
    renderWithApp(<DisputesTab />);
    const table = await screen.findByRole('table', { name: 'Open disputes' });
    expect(within(table).getByText('Needs a response')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'View dispute of order #9' }));
    const file = await screen.findByRole('region', { name: /Dispute of order #9/ });
    expect(within(file).getByText('Held while the dispute is open')).toBeTruthy();
    expect(within(file).getByText(/in_vault, the buyer’s, frozen/)).toBeTruthy();
    await userEvent.type(
      within(file).getByLabelText('What the platform knows (sent to Stripe)'),
      'Kept in our vault.',
    );
    await userEvent.click(within(file).getByRole('button', { name: 'Submit evidence' }));
    await screen.findByText(/Evidence for order #9 sent to Stripe/);
    expect(api.callsTo('POST /api/admin/disputes/3/evidence')[0]?.body).toEqual({
      uncategorizedText: 'Kept in our vault.',
      customerEmailAddress: 'rita@example.com',
    });
  });
});
