// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Sale } from '#shared/orders.schemas.ts';
import type { PayoutAccount, SellerBalance } from '#shared/payouts.schemas.ts';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { holdRule, PayoutsSection } from './payouts-section.tsx';

afterEach(cleanup);

/** Paid by hand, the only method this marketplace offers. */
const MANUAL_ACCOUNT: PayoutAccount = {
  method: 'manual',
  destinationSetAt: null,
  payableFrom: null,
  payoutsFrozen: false,
  paypalEmail: null,
  hasStripeAccount: false,
  stripeReady: false,
  availableMethods: ['manual'],
};

function buildBalance(overrides: Partial<SellerBalance> = {}): SellerBalance {
  return {
    pendingCents: 1250,
    payableCents: 2800,
    paidCents: 5600,
    nextPayableAt: null,
    holdDays: 7,
    payouts: [],
    ...overrides,
  };
}

function setup(balance: SellerBalance | null, paypalEmail: string | null = null, sales: Sale[] = []) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser({ paypalEmail }) }),
    'GET /api/my-payouts': () =>
      balance ? { body: balance } : { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    'GET /api/my-payout-account': () => ({ body: MANUAL_ACCOUNT }),
    'GET /api/my-sales': () => ({ body: sales }),
  });
  renderWithApp(<PayoutsSection />, { token: 't' });
  return api;
}

describe('holdRule', () => {
  it('says how long after settling proceeds become payable', () => {
    expect(holdRule(7)).toMatch(/^Payable 7 days after the sale settles/);
    expect(holdRule(1)).toMatch(/^Payable 1 day after the sale settles/);
    expect(holdRule(0)).toMatch(/^Payable as soon as the sale settles/);
  });
});

const SALE: Sale = {
  id: 31,
  status: 'shipped',
  artchipId: 9,
  artchipTitle: 'Harbor Lights',
  priceCents: 5000,
  shippingOption: 'ship',
  paidAt: '2030-01-01T12:00:00.000Z',
  shippedAt: '2030-01-02T12:00:00.000Z',
  deliveredAt: null,
  deliveredBy: null,
};

describe('PayoutsSection', () => {
  it('lists the sales, each saying how its delivery was confirmed (issue 28)', async () => {
    setup(buildBalance(), null, [
      {
        ...SALE,
        id: 34,
        artchipTitle: 'Tapped',
        status: 'delivered',
        deliveredBy: 'tap',
        deliveredAt: '2030-01-05T12:00:00.000Z',
      },
      {
        ...SALE,
        id: 33,
        artchipTitle: 'Pressed',
        status: 'delivered',
        deliveredBy: 'buyer',
        deliveredAt: '2030-01-05T12:00:00.000Z',
      },
      {
        ...SALE,
        id: 32,
        artchipTitle: 'Waited',
        status: 'delivered',
        deliveredBy: 'auto',
        deliveredAt: '2030-01-16T12:00:00.000Z',
      },
      { ...SALE, id: 31, artchipTitle: 'On its way' },
    ]);
    const table = await screen.findByRole('table', { name: 'Sales' });
    const row = (title: string) => within(table).getByText(title).closest('tr')!;
    expect(row('Tapped').textContent).toMatch(/Delivered .*confirmed by the buyer’s tap/);
    expect(row('Pressed').textContent).toMatch(/Delivered .*confirmed by the buyer$/);
    expect(row('Waited').textContent).toMatch(/confirmed automatically/);
    expect(row('On its way').textContent).toMatch(/Shipped, waiting for the buyer to confirm/);
  });

  it('shows pending, payable and paid amounts, when pending money becomes payable, and the history', async () => {
    setup(
      buildBalance({
        nextPayableAt: '2030-01-08T12:00:00.000Z',
        payouts: [
          {
            id: 4,
            kind: 'seller',
            method: 'manual',
            status: 'paid',
            amountCents: 5600,
            txReference: 'BANK-1',
            createdAt: '2030-01-02T12:00:00.000Z',
          },
          {
            id: 3,
            kind: 'seller',
            method: 'paypal_payouts',
            status: 'pending',
            amountCents: 100,
            txReference: null,
            createdAt: '2029-12-01T12:00:00.000Z',
          },
        ],
      }),
      'maker@paypal.example',
    );
    const section = await screen.findByRole('region', { name: 'Payouts' });
    const history = await within(section).findByRole('table', { name: 'Payout history' });
    const amounts = within(section)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(amounts).toEqual(['$12.50', '$28.00', '$56.00']);
    expect(
      within(section)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Pending', 'Payable', 'Paid out']);
    expect(within(section).getByText(/^Payable 7 days after the sale settles/).textContent).toMatch(
      /become payable on Jan 8, 2030/,
    );

    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Jan 2, 2030', '$56.00', 'Manual transfer', 'Paid', 'BANK-1'],
      ['Dec 1, 2029', '$1.00', 'PayPal Payouts', 'Pending', '—'],
    ]);

    expect(await within(section).findByText('maker@paypal.example')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Change your PayPal e-mail' }).getAttribute('href'),
    ).toBe('/my-artchip?tab=profile');
  });

  it('asks for a PayPal e-mail when the profile has none, and says when there are no payouts', async () => {
    setup(buildBalance({ holdDays: 0, pendingCents: 0, payableCents: 0, paidCents: 0 }));
    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByText('No payouts yet.')).toBeTruthy();
    expect(within(section).getByText(/^Payable as soon as the sale settles/).textContent).not.toMatch(
      /become payable on/,
    );
    expect(
      (await within(section).findByRole('link', { name: 'Set your PayPal e-mail' })).getAttribute('href'),
    ).toBe('/my-artchip?tab=profile');
  });

  it('says when the payouts cannot be loaded', async () => {
    setup(null);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your payouts. Please try again.',
    );
  });
});
