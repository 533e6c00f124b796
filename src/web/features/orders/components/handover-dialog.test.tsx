// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Handover } from '#shared/handovers.schemas.ts';
import type { TransferFee } from '#shared/orders.schemas.ts';
import {
  buildChip,
  buildSettings,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
} from '#web/lib/testing.tsx';
import { ChipOwnerActions } from './chip-owner-actions.tsx';
import { HandoverDialog } from './handover-dialog.tsx';

afterEach(cleanup);

const FEE: TransferFee = {
  feeCents: 1500,
  feeBaseCents: 5000,
  feeBasis: 'highest_sale',
  rule: "30% of this chip's highest price, $50.00",
  isListed: false,
};

function handover(overrides: Partial<Handover> = {}): Handover {
  return {
    id: 3,
    chipId: 9,
    status: 'open',
    feePaidBy: 'claimant',
    createdAt: '2030-01-01T00:00:00.000Z',
    claimedAt: null,
    ...overrides,
  };
}

function api(live: Handover | null) {
  let current = live;
  return mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/artchip/9/transfer-fee': () => ({ body: FEE }),
    'GET /api/artchip/9/handover': () => ({ body: { handover: current } }),
    'POST /api/artchip/9/handover': () => {
      current = handover();
      return { body: { handover: current } };
    },
    'DELETE /api/artchip/9/handover': () => {
      current = null;
      return { body: { handover: handover({ status: 'cancelled' }) } };
    },
  });
}

const withHandover = () => {
  const chip = buildChip({ status: 'sold', custody: 'with_owner' });
  return { ...chip, actions: { ...chip.actions, handover: true, report: true } };
};

/** The dialog as the tap page opens it: with the token of the owner's own fresh tap (decision 038). */
function renderFromTap() {
  return renderWithApp(
    <HandoverDialog chip={{ id: 9, title: 'Harbor Lights' }} tapToken="tap-1" open onOpenChange={() => {}} />,
    { token: 't' },
  );
}

describe('HandoverDialog', () => {
  it('starts a handover whose fee the claimant pays from the owner’s tap', async () => {
    const mock = api(null);
    const user = userEvent.setup();
    renderFromTap();
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    expect(await within(dialog).findByText('Who pays the transfer fee ($15.00)?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start handover' }));
    expect(mock.callsTo('POST /api/artchip/9/handover')[0]?.body).toEqual({
      feePaidBy: 'claimant',
      tapToken: 'tap-1',
    });
    expect(await within(dialog).findByText(/can claim it\./)).toBeTruthy();
  });

  it('from the dashboard, says to tap the chip to start, and starts nothing without a tap', async () => {
    const mock = api(null);
    const user = userEvent.setup();
    renderWithApp(<ChipOwnerActions chip={withHandover()} />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Hand over Harbor Lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    expect(
      await within(dialog).findByText(/hold your phone to the Artchip while you are signed in/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Start handover' })).toBeNull();
    expect(mock.callsTo('POST /api/artchip/9/handover')).toHaveLength(0);
  });

  it('offers to pay now when the owner pays, and cancels an open handover', async () => {
    const mock = api(handover());
    const user = userEvent.setup();
    renderWithApp(<ChipOwnerActions chip={withHandover()} />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Hand over Harbor Lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel handover' }));
    expect(mock.callsTo('DELETE /api/artchip/9/handover')).toHaveLength(1);
    // Cancelled from the dashboard: starting again takes a tap.
    expect(
      await within(dialog).findByText(/hold your phone to the Artchip while you are signed in/),
    ).toBeTruthy();
    cleanup();
    renderFromTap();
    const fromTap = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    await user.click(await within(fromTap).findByLabelText('Me, now'));
    expect(within(fromTap).getByRole('button', { name: 'Pay $15.00 and start handover' })).toBeTruthy();
  });

  it('lets an owner who left the fee’s payment page start again from a new tap, or cancel', async () => {
    const waiting = handover({ status: 'awaiting_fee', feePaidBy: 'owner' });
    api(waiting);
    const user = userEvent.setup();
    renderWithApp(<ChipOwnerActions chip={withHandover()} />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Hand over Harbor Lights' }));
    let dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    expect(
      await within(dialog).findByText(/If you left the payment page, hold your phone to the Artchip/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel handover' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Start handover' })).toBeNull();
    cleanup();

    const mock = api(waiting);
    renderFromTap();
    dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    expect(await within(dialog).findByText(/If you left the payment page, start again below\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start handover' }));
    expect(mock.callsTo('POST /api/artchip/9/handover')[0]?.body).toEqual({
      feePaidBy: 'claimant',
      tapToken: 'tap-1',
    });
    expect(await within(dialog).findByText(/can claim it\./)).toBeTruthy();
    // An open handover is not started again: only cancelled.
    expect(within(dialog).queryByRole('button', { name: 'Start handover' })).toBeNull();
  });

  it('is not offered when the chip cannot be handed over', () => {
    api(null);
    renderWithApp(<ChipOwnerActions chip={buildChip()} />, { token: 't' });
    expect(screen.queryByRole('button', { name: 'Hand over Harbor Lights' })).toBeNull();
  });
});
