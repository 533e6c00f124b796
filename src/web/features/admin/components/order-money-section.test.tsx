// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AdminOrderMoney } from '#shared/ledger.schemas.ts';
import type { AdminOrderDetail } from '#shared/orders.schemas.ts';
import {
  NO_ADMIN_ORDER_ACTIONS,
  buildAdminOrderDetail,
  buildLedgerLine,
  buildRefund,
  mockApi,
  renderWithApp,
  type ApiHandler,
} from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { OrderMoneySection } from './order-money-section.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A valid Solana transaction signature (88 base58 characters). */
const SIGNATURE = '5'.repeat(88);

/** A $50.00 Stripe payment split between the platform, the seller (user 5) and shipping, then refunded. */
const MONEY: AdminOrderMoney = {
  lines: [
    buildLedgerLine({ id: 1 }),
    buildLedgerLine({
      id: 2,
      account: 'seller',
      kind: 'seller_proceeds',
      userId: 5,
      amountCents: 3600,
      reason: 'Sale of Harbor Lights',
    }),
    buildLedgerLine({ id: 3, account: 'buyer', kind: 'refund', userId: 9, amountCents: -5000, reason: '' }),
  ],
  refunds: [
    buildRefund({ id: 1 }),
    buildRefund({
      id: 2,
      status: 'failed',
      provider: 'paypal',
      providerReference: null,
      failureMessage: 'PayPal refused the refund',
      completedAt: null,
    }),
  ],
  netCashCents: 0,
};

function setup(
  overrides: Partial<AdminOrderDetail> = {},
  money: AdminOrderMoney = MONEY,
  routes: Record<string, ApiHandler> = {},
) {
  const order = buildAdminOrderDetail(overrides);
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/orders/42/money': () => ({ body: money }),
    ...routes,
  });
  renderWithApp(<OrderMoneySection order={order} />);
  return { ...api, user: userEvent.setup() };
}

function cellsOf(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('OrderMoneySection', () => {
  it('lists the ledger lines in words with signed amounts, and the refunds with their state', async () => {
    setup();
    const section = within(screen.getByRole('region', { name: 'Money' }));
    const table = await section.findByRole('table', { name: 'Ledger lines' });
    const when = new Date('2030-01-01T00:01:00.000Z').toLocaleString();
    expect(cellsOf(table)).toEqual([
      ['Platform', 'Payment capturedCard payment captured', '—', '$50.00', when],
      ['Seller', 'Seller proceedsSale of Harbor Lights', 'User #5', '$36.00', when],
      ['Buyer', 'Refund sent', '@buyer', '-$50.00', when],
    ]);
    // Money leaving is red as well as signed.
    expect(within(table).getByText('-$50.00').className).toContain('text-red-700');
    expect(within(table).getByRole('link', { name: '@buyer' }).getAttribute('href')).toBe(
      '/siteadmin/customers/9',
    );
    expect(section.getByText(/Cash held for this order/).textContent).toContain('$0.00');

    const refunded = within(section.getByRole('listitem', { name: 'Refund #1' }));
    expect(refunded.getByText('Refunded')).toBeTruthy();
    expect(refunded.getByText('re_123')).toBeTruthy();
    expect(refunded.getByText(/The chip broke in the workshop/)).toBeTruthy();
    const failed = within(section.getByRole('listitem', { name: 'Refund #2' }));
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText(/^PayPal ·/)).toBeTruthy();
    expect(failed.getByText(/PayPal refused the refund/)).toBeTruthy();
    // Only a refund waiting to be sent by hand asks for a signature; Refund needs actions.refund.
    expect(section.queryByLabelText('Transaction signature')).toBeNull();
    expect(section.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('says when the money cannot be loaded', async () => {
    mockApi({});
    renderWithApp(<OrderMoneySection order={buildAdminOrderDetail()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Failed to load the order's money. Please try again.",
    );
  });

  it('asks for the reason, shows a refusal from the server, then refunds and refreshes the money', async () => {
    let refundReply: { status: number; body: unknown } = {
      status: 409,
      body: { code: 'CONFLICT', message: 'This order was shipped; it can no longer be refunded.' },
    };
    const { user, callsTo } = setup(
      { actions: { ...NO_ADMIN_ORDER_ACTIONS, refund: true } },
      { lines: [buildLedgerLine()], refunds: [], netCashCents: 5000 },
      { 'POST /api/admin/orders/42/refund': () => refundReply },
    );
    const section = within(screen.getByRole('region', { name: 'Money' }));
    await section.findByRole('table', { name: 'Ledger lines' });
    await user.click(section.getByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund order #42' }));
    expect(dialog.getByText('$50.00 goes back to buyer through Stripe. This cannot be undone.')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Refund $50.00' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Reason is required');
    expect(dialog.getByLabelText('Reason (the buyer reads this)').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('POST /api/admin/orders/42/refund')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason (the buyer reads this)'), '  Chip broke  ');
    await user.click(dialog.getByRole('button', { name: 'Refund $50.00' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'This order was shipped; it can no longer be refunded.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();

    refundReply = { status: 201, body: buildRefund({ status: 'pending', note: 'Chip broke' }) };
    await user.click(dialog.getByRole('button', { name: 'Refund $50.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/admin/orders/42/refund').map((c) => c.body)).toEqual([
      { reason: 'Chip broke' },
      { reason: 'Chip broke' },
    ]);
    expect(await screen.findByText('The provider accepted the refund and will settle it.')).toBeTruthy();
    // The 409 refreshed it once, the refund once more.
    await waitFor(() => expect(callsTo('GET /api/admin/orders/42/money').length).toBe(3));
  });

  it('records the signature of a token refund sent by hand', async () => {
    let signatureReply: { status: number; body: unknown } = {
      status: 422,
      body: { code: 'UNPROCESSABLE', message: 'That transaction did not pay the buyer.' },
    };
    const manual = buildRefund({
      id: 3,
      provider: 'solana',
      status: 'manual',
      providerReference: null,
      completedAt: null,
    });
    let money: AdminOrderMoney = { lines: [], refunds: [manual], netCashCents: 5000 };
    const { user, callsTo } = mockAndRender();
    function mockAndRender() {
      const api = mockApi({
        'GET /api/admin/orders/42/money': () => ({ body: money }),
        'POST /api/admin/refunds/3/signature': () => {
          if (signatureReply.status === 200)
            money = { ...money, refunds: [{ ...manual, status: 'succeeded', providerReference: SIGNATURE }] };
          return signatureReply;
        },
      });
      renderWithApp(<OrderMoneySection order={buildAdminOrderDetail()} />);
      return { ...api, user: userEvent.setup() };
    }

    const item = within(await screen.findByRole('listitem', { name: 'Refund #3' }));
    expect(item.getByText('Send by hand')).toBeTruthy();
    expect(item.getByText(/^Solana Pay ·/)).toBeTruthy();
    expect(screen.getByText('No money has moved for this order yet.')).toBeTruthy();
    const field = item.getByLabelText('Transaction signature');

    await user.type(field, 'not-a-signature');
    await user.click(item.getByRole('button', { name: 'Record refund' }));
    expect((await item.findByRole('alert')).textContent).toBe('Enter the refund transaction signature');
    expect(callsTo('POST /api/admin/refunds/3/signature')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, SIGNATURE);
    await user.click(item.getByRole('button', { name: 'Record refund' }));
    expect((await item.findByRole('alert')).textContent).toBe('That transaction did not pay the buyer.');

    signatureReply = { status: 200, body: { ...manual, status: 'succeeded', providerReference: SIGNATURE } };
    await user.click(item.getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('The refund is recorded with its transaction.')).toBeTruthy();
    expect(callsTo('POST /api/admin/refunds/3/signature').map((c) => c.body)).toEqual([
      { signature: SIGNATURE },
      { signature: SIGNATURE },
    ]);
    const done = within(await screen.findByRole('listitem', { name: 'Refund #3' }));
    await waitFor(() => expect(done.getByText('Refunded')).toBeTruthy());
    expect(done.queryByLabelText('Transaction signature')).toBeNull();
    expect(done.getByText(SIGNATURE)).toBeTruthy();
  });
});
