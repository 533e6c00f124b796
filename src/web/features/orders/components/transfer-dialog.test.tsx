// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import {
  TRANSFER_RECIPIENT_REQUIRED_MESSAGE,
  TRANSFER_RECIPIENT_UNKNOWN_MESSAGE,
  type TransferFee,
} from '#shared/orders.schemas.ts';
import {
  buildChip,
  buildCheckoutResponse,
  buildQuote,
  buildSettings,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
  type ApiReply,
} from '#web/lib/testing.tsx';
import { ChipOwnerActions } from './chip-owner-actions.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

afterEach(cleanup);

function feeAnswer(overrides: Partial<TransferFee> = {}): TransferFee {
  return {
    feeCents: 1500,
    feeBaseCents: 5000,
    feeBasis: 'highest_sale',
    rule: "30% of this chip's highest price, $50.00",
    isListed: false,
    ...overrides,
  };
}

function checkoutAnswer(overrides: Partial<CheckoutResponse> = {}): CheckoutResponse {
  return buildCheckoutResponse({
    orderId: 21,
    redirectUrl: '/payment-processing?orderId=21&amount=15.00&method=paypal&token=demo_abc',
    paypalUrl: '/payment-processing?orderId=21&amount=15.00&method=paypal&token=demo_abc',
    summary: buildQuote({ basePriceCents: 1500, totalCents: 1500 }).summary,
    ...overrides,
  });
}

function transferApi(options: { fee?: TransferFee; transfer?: () => ApiReply } = {}) {
  return mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/artchip/9/transfer-fee': () => ({ body: options.fee ?? feeAnswer() }),
    'POST /api/artchip/9/transfer': () => options.transfer?.() ?? { body: checkoutAnswer() },
  });
}

function renderDialog(route = '/my-artchip') {
  const result = renderWithApp(<TransferDialog chip={buildChip()} open onOpenChange={() => {}} />, {
    token: 't',
    route,
  });
  return { ...result, user: userEvent.setup() };
}

/** Confirms the transfer in the dialog that names the recipient (issue 27). */
async function confirm(user: ReturnType<typeof userEvent.setup>, recipient: string) {
  const confirmation = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
  await user.click(within(confirmation).getByRole('button', { name: `Yes, transfer to ${recipient}` }));
}

async function findDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Transfer Harbor Lights' });
  await within(dialog).findByRole('button', { name: 'Pay $15.00 and transfer' });
  return dialog;
}

describe('TransferDialog', () => {
  it('is opened from the owner’s Transfer button when the chip allows it', async () => {
    transferApi();
    const user = userEvent.setup();
    renderWithApp(<ChipOwnerActions chip={buildChip()} />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Transfer Harbor Lights' }));
    expect(await findDialog()).toBeTruthy();
  });

  it('is not offered when the chip cannot be transferred', () => {
    transferApi();
    const chip = buildChip();
    renderWithApp(<ChipOwnerActions chip={{ ...chip, actions: { ...chip.actions, transfer: false } }} />, {
      token: 't',
    });
    expect(screen.queryByRole('button', { name: 'Transfer Harbor Lights' })).toBeNull();
  });

  it('shows the fee, the rule behind it and the methods to pay it with', async () => {
    transferApi({ fee: feeAnswer({ isListed: true }) });
    renderDialog();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    const dialog = await findDialog();
    expect(within(dialog).getByText('Transfer fee: $15.00')).toBeTruthy();
    expect(within(dialog).getByText("30% of this chip's highest price, $50.00")).toBeTruthy();
    expect(within(dialog).getByText(/It comes off the marketplace now\./)).toBeTruthy();
    const input = within(dialog).getByRole('textbox', { name: 'Username or e-mail' });
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('aria-describedby')).toBe('transfer-recipient-hint');
    expect(document.getElementById('transfer-recipient-hint')?.textContent).toBe(
      'Someone without an account gets an invitation by e-mail.',
    );
    const methods = within(dialog).getByRole('group', { name: 'Pay the fee with' });
    const card = within(methods).getByRole('radio', { name: /Credit Card/ });
    expect((card as HTMLInputElement).checked).toBe(true);
    expect(await within(methods).findAllByText('Demo')).toHaveLength(3);
  });

  it('says nothing about the marketplace for a chip that is not listed', async () => {
    transferApi();
    renderDialog();
    const dialog = await findDialog();
    expect(within(dialog).queryByText(/It comes off the marketplace now/)).toBeNull();
  });

  it('asks for a recipient before calling the server', async () => {
    const api = transferApi();
    const { user } = renderDialog();
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    const input = within(dialog).getByRole('textbox', { name: 'Username or e-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      TRANSFER_RECIPIENT_REQUIRED_MESSAGE,
    );
    expect(document.activeElement).toBe(input);
    expect(api.callsTo('POST /api/artchip/9/transfer')).toHaveLength(0);
  });

  it('shows the server’s word on the recipient under the field', async () => {
    transferApi({
      transfer: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: TRANSFER_RECIPIENT_UNKNOWN_MESSAGE,
          fieldErrors: { recipient: [TRANSFER_RECIPIENT_UNKNOWN_MESSAGE] },
        },
      }),
    });
    const { user } = renderDialog();
    const dialog = await findDialog();
    const input = within(dialog).getByRole('textbox', { name: 'Username or e-mail' });
    await user.type(input, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    await confirm(user, 'nobody');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      TRANSFER_RECIPIENT_UNKNOWN_MESSAGE,
    );
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);

    // Typing again clears the error and brings the hint back.
    await user.type(input, '2');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('transfer-recipient-hint');
  });

  it('says why when the server refuses the transfer', async () => {
    transferApi({
      transfer: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'This Artchip is reserved for a buyer.' },
      }),
    });
    const { user } = renderDialog();
    const dialog = await findDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or e-mail' }), 'friend');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    await confirm(user, 'friend');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This Artchip is reserved for a buyer.',
    );
    const input = within(dialog).getByRole('textbox', { name: 'Username or e-mail' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('places the transfer with the chosen method and follows the checkout’s redirect', async () => {
    const api = transferApi();
    const { user, history } = renderDialog();
    const dialog = await findDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or e-mail' }), ' @friend ');
    await user.click(within(dialog).getByRole('radio', { name: /PayPal/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    await confirm(user, '@friend');

    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
    expect(api.callsTo('POST /api/artchip/9/transfer')[0]!.body).toEqual({
      recipient: '@friend',
      paymentMethod: 'paypal',
    });
    const params = new URLSearchParams(history.location.search);
    expect(params.get('orderId')).toBe('21');
    expect(params.get('email')).toBe('maker@example.com');
  });

  it('asks for confirmation naming the chip and the recipient, by keyboard, before anything is placed', async () => {
    const api = transferApi();
    const { user } = renderDialog();
    const dialog = await findDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or e-mail' }), 'frend@example.com');
    await user.keyboard('{Enter}');
    const confirmation = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(confirmation.textContent).toContain(
      'Transfer Harbor Lights to frend@example.com? Once the fee is paid, the chip is theirs.',
    );
    // Focus is inside the confirmation; Escape closes it alone, and nothing was placed.
    expect(confirmation.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the transfer' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Transfer Harbor Lights' })).toBeTruthy();
    expect(api.callsTo('POST /api/artchip/9/transfer')).toHaveLength(0);

    // Go back, too, places nothing; confirming by keyboard places it.
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the transfer' })).getByRole('button', {
        name: 'Go back',
      }),
    );
    expect(api.callsTo('POST /api/artchip/9/transfer')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $15.00 and transfer' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    within(again).getByRole('button', { name: 'Yes, transfer to frend@example.com' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/artchip/9/transfer')).toHaveLength(1));
    expect(api.callsTo('POST /api/artchip/9/transfer')[0]!.body).toMatchObject({
      recipient: 'frend@example.com',
    });
  });
});
