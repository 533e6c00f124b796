// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildChip, renderWithApp } from '#web/lib/testing.tsx';
import { ActivateDialog } from './activate-dialog.tsx';
import { receivedIn, setupPriceDialog, splitIn } from './price-dialog-testing.ts';

afterEach(cleanup);

describe('ActivateDialog shows what the seller receives', () => {
  it('a first sale pays the fee on its own price', async () => {
    const { user } = setupPriceDialog();
    renderWithApp(
      <ActivateDialog chip={buildChip({ status: 'pending', priceUsd: null })} open onOpenChange={() => {}} />,
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activate Harbor Lights' });
    await user.type(within(dialog).getByLabelText('Price (USD)'), '25.50');
    expect(await splitIn(dialog).findByText('30% of the sale price')).toBeTruthy();
    expect(receivedIn(dialog)).toBe('$17.85');
  });
});
