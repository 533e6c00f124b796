// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildSettings, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { MakeOfferDialog } from './make-offer-dialog.tsx';

afterEach(cleanup);

describe('MakeOfferDialog', () => {
  it('shows the buyer what they pay, and the fee and the seller’s share, as they type', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser({ id: 6, username: 'bidder' }) }),
      'GET /api/site-settings': () => ({ body: buildSettings() }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <MakeOfferDialog
        chip={{ id: 9, title: 'Harbor Lights', highestSaleCents: 6000, creatorId: 2, ownerId: 2 }}
        open
        onOpenChange={() => {}}
      />,
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer on Harbor Lights' });
    const split = within(within(dialog).getByRole('region', { name: 'Who gets what' }));
    expect(
      await split.findByText('Enter an amount to see what you pay and what the seller receives.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Offer amount (USD)'), '40');
    expect(split.getByText('You pay').nextElementSibling?.textContent).toBe('$40.00');
    expect(split.getByText("30% of this chip's highest price, $60.00")).toBeTruthy();
    expect(split.getByText('The seller receives').nextElementSibling?.textContent).toBe('$22.00');
    expect(split.queryByText('You receive')).toBeNull();
  });
});
