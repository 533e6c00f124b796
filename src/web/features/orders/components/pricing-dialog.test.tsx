// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { buildChip, renderWithApp } from '#web/lib/testing.tsx';
import { PricingDialog } from './pricing-dialog.tsx';
import { receivedIn, setupPriceDialog, splitIn } from './price-dialog-testing.ts';

afterEach(cleanup);

describe('PricingDialog shows what the seller receives', () => {
  it('the current price first, then live as a new one is typed', async () => {
    const { user, callsTo } = setupPriceDialog();
    // Sold before at $50: a lower price still pays 30 % of $50; a higher one, 30 % of itself.
    renderWithApp(
      <PricingDialog
        chip={buildChip({ priceUsd: '40.00', highestSaleCents: 5000 })}
        open
        onOpenChange={() => {}}
      />,
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pricing for Harbor Lights' });
    expect(await splitIn(dialog).findByText("30% of this chip's highest price, $50.00")).toBeTruthy();
    expect(receivedIn(dialog)).toBe('$25.00');

    const price = within(dialog).getByLabelText('USD price');
    await user.clear(price);
    expect(
      splitIn(dialog).getByText('Enter a price to see the platform fee and what you receive.'),
    ).toBeTruthy();
    await user.type(price, '100');
    expect(splitIn(dialog).getByText('30% of the sale price')).toBeTruthy();
    expect(splitIn(dialog).getByText("Buyer's price").nextElementSibling?.textContent).toBe('$100.00');
    expect(receivedIn(dialog)).toBe('$70.00');
    expect(callsTo('PATCH /api/artchip/9/pricing')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save Pricing' }));
    await waitFor(() =>
      expect(callsTo('PATCH /api/artchip/9/pricing')[0]?.body).toMatchObject({ priceUsd: '100' }),
    );
  });
});
