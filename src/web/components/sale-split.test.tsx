// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildSettings, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { SaleSplit, type SaleSplitProps } from './sale-split.tsx';

afterEach(cleanup);

function show(props: SaleSplitProps, platformFeePercent = '30.00', creatorRoyaltyPercent = '5.00') {
  mockApi({
    'GET /api/site-settings': () => ({ body: buildSettings({ platformFeePercent, creatorRoyaltyPercent }) }),
  });
  renderWithApp(<SaleSplit {...props} />);
  return within(screen.getByRole('region', { name: 'Who gets what' }));
}

/** The amount beside a label of the split. */
function valueOf(region: ReturnType<typeof show>, label: string): string | null | undefined {
  return region.getByText(label).closest('div')?.querySelector('dd')?.textContent;
}

describe('SaleSplit', () => {
  it('takes the fee on the sale price when the chip never sold for more', async () => {
    const split = show({ price: '50.00', highestSaleCents: 0, viewer: 'seller', sellerIsCreator: true });
    expect(await split.findByText('30% of the sale price')).toBeTruthy();
    expect(valueOf(split, "Buyer's price")).toBe('$50.00');
    expect(valueOf(split, 'Platform fee')).toBe('$15.00');
    expect(valueOf(split, 'You receive')).toBe('$35.00');
  });

  it("takes the fee on the chip's highest price when this sale is lower", async () => {
    const split = show({ price: '45', highestSaleCents: 5000, viewer: 'seller', sellerIsCreator: true });
    expect(await split.findByText("30% of this chip's highest price, $50.00")).toBeTruthy();
    expect(valueOf(split, 'Platform fee')).toBe('$15.00');
    expect(valueOf(split, 'You receive')).toBe('$30.00');
  });

  it('never takes more than the sale, and says so', async () => {
    const split = show({ price: 1000, highestSaleCents: 100_000, viewer: 'seller', sellerIsCreator: true });
    expect(
      await split.findByText("30% of this chip's highest price, $1,000.00, capped at the sale price"),
    ).toBeTruthy();
    expect(valueOf(split, 'Platform fee')).toBe('$10.00');
    expect(valueOf(split, 'You receive')).toBe('$0.00');
  });

  it('follows the site setting, and tells a buyer what they pay', async () => {
    const split = show(
      { price: '20.00', highestSaleCents: 1000, viewer: 'buyer', sellerIsCreator: true },
      '12.50',
    );
    expect(await split.findByText('12.5% of the sale price')).toBeTruthy();
    expect(valueOf(split, 'You pay')).toBe('$20.00');
    expect(valueOf(split, 'The seller receives')).toBe('$17.50');
    expect(split.getByText(/added at checkout/)).toBeTruthy();
    expect(split.queryByText('You receive')).toBeNull();
  });

  it("shows the creator's royalty inside the fee on a resale, from the setting, and the seller's share unchanged", async () => {
    const split = show(
      { price: '100.00', highestSaleCents: 0, viewer: 'seller', sellerIsCreator: false },
      '30.00',
      '7.50',
    );
    expect(await split.findByText('7.5% of the sale price, out of the platform fee')).toBeTruthy();
    expect(valueOf(split, 'of which the creator’s royalty')).toBe('$7.50');
    expect(valueOf(split, 'Platform fee')).toBe('$30.00');
    expect(valueOf(split, 'You receive')).toBe('$70.00');
  });

  it('shows no royalty when the creator sells their own chip', async () => {
    const split = show({ price: '100.00', highestSaleCents: 0, viewer: 'seller', sellerIsCreator: true });
    expect(await split.findByText('30% of the sale price')).toBeTruthy();
    expect(split.queryByText('of which the creator’s royalty')).toBeNull();
  });

  it.each(['', '12.', 'abc', '0', '-5'])('asks for a price while the field holds %j', async (price) => {
    const split = show({ price, highestSaleCents: 0, viewer: 'seller', sellerIsCreator: true });
    expect(
      await split.findByText('Enter a price to see the platform fee and what you receive.'),
    ).toBeTruthy();
    expect(split.queryByText('You receive')).toBeNull();
  });

  it('says so when the settings cannot be loaded, rather than guess a fee', async () => {
    mockApi({ 'GET /api/site-settings': () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }) });
    renderWithApp(<SaleSplit price="50" highestSaleCents={0} viewer="seller" sellerIsCreator />);
    expect(await screen.findByText('The platform fee could not be loaded. Please try again.')).toBeTruthy();
    expect(screen.queryByText('You receive')).toBeNull();
  });
});
