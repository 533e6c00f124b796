// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ShippingAddress } from '#shared/addresses.schemas.ts';
import { buildSettings, buildSiteInfo, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ShipDialog } from './ship-dialog.tsx';

afterEach(cleanup);

const HOME: ShippingAddress = {
  id: 7,
  name: 'Ada Lovelace',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  phone: null,
  isDefault: true,
  createdAt: '2030-01-01T00:00:00.000Z',
};

function renderDialog(highestSaleCents: number) {
  mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/shipping-addresses': () => ({ body: [HOME] }),
  });
  renderWithApp(
    <ShipDialog chip={{ id: 9, title: 'Harbor Lights', highestSaleCents }} open onOpenChange={() => {}} />,
  );
}

describe('ShipDialog (decision 066)', () => {
  it('quotes insurance and signature for a chip whose highest sale is above the threshold, with the total', async () => {
    renderDialog(100_000);
    const dialog = await screen.findByRole('dialog', { name: 'Ship Harbor Lights to me' });
    expect(await within(dialog).findByText('Insurance and signature on delivery')).toBeTruthy();
    const quote = within(dialog).getByText('Total').parentElement!;
    // Domestic $10.00 postage and 1.5 % of $1,000.00.
    expect(quote.textContent).toContain('$25.00');
    expect(within(dialog).getByText('$15.00')).toBeTruthy();
  });

  it('quotes postage alone at or below the threshold', async () => {
    renderDialog(50_000);
    const dialog = await screen.findByRole('dialog', { name: 'Ship Harbor Lights to me' });
    expect(await within(dialog).findByText(/Shipping to United States/)).toBeTruthy();
    expect(within(dialog).queryByText('Insurance and signature on delivery')).toBeNull();
  });
});
