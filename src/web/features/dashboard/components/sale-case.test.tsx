// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Case } from '#shared/cases.schemas.ts';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { SaleCase } from './sale-case.tsx';

afterEach(cleanup);

const REPORT: Case = {
  id: 4,
  orderId: 9,
  kind: 'damaged',
  status: 'awaiting_seller',
  description: 'Cracked across the middle.',
  photos: [{ mediaId: 3, url: '/media/crack.png' }],
  sellerDueAt: '2026-12-01T10:00:00.000Z',
  sellerAnswer: null,
  sellerAnsweredAt: null,
  outcome: null,
  refundCents: null,
  decisionReason: null,
  decidedAt: null,
  closedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  messages: [],
};

describe('SaleCase', () => {
  it("shows the buyer's case and sends the seller's answer", async () => {
    const api = mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'POST /api/cases/4/answer': () => ({
        body: { ...REPORT, status: 'awaiting_decision', sellerAnswer: 'Packed well.' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<SaleCase report={REPORT} />, { token: 't' });
    expect(screen.getByText(/Case: Arrived damaged · Waiting for the seller/)).toBeTruthy();
    expect(screen.getByText('Your proceeds of this sale are held while the case is open.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Answer the buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer case #4' });
    expect(within(dialog).getByText('“Cracked across the middle.”')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Buyer’s photo 1' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Write your answer')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Your answer'), 'Packed well.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer sent')).toBeTruthy();
    expect(api.callsTo('POST /api/cases/4/answer')[0]?.body).toEqual({ message: 'Packed well.' });
  });

  it('shows a decided case without the Answer button', () => {
    mockApi({ 'GET /api/auth/user': () => ({ body: buildUser() }) });
    renderWithApp(
      <SaleCase report={{ ...REPORT, status: 'closed', outcome: 'deny', decisionReason: 'As listed.' }} />,
      { token: 't' },
    );
    expect(screen.getByText(/Closed · Denied/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer the buyer' })).toBeNull();
  });
});
