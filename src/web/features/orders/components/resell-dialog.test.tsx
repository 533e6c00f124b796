// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildChip, renderWithApp } from '#web/lib/testing.tsx';
import { ResellDialog } from './resell-dialog.tsx';
import { receivedIn, setupPriceDialog, splitIn } from './price-dialog-testing.ts';

afterEach(cleanup);

describe('ResellDialog shows what the seller receives', () => {
  it('the split of the resale price, on the highest price paid so far', async () => {
    const { user } = setupPriceDialog();
    renderWithApp(
      <ResellDialog chip={buildChip({ highestSaleCents: 4000 })} open onOpenChange={() => {}} />,
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'List Harbor Lights for resale' });
    expect(
      await splitIn(dialog).findByText('Enter a price to see the platform fee and what you receive.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('USD price'), '30');
    expect(splitIn(dialog).getByText("30% of this chip's highest price, $40.00")).toBeTruthy();
    expect(splitIn(dialog).getByText('Platform fee').nextElementSibling?.textContent).toBe('$12.00');
    expect(receivedIn(dialog)).toBe('$18.00');
  });
});
