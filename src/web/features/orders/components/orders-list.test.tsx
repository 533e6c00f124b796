// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildOrder, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ORDER_REPLACED_NOTE } from '#shared/orders.schemas.ts';
import { OrdersList } from './orders-list.tsx';

afterEach(cleanup);

describe('OrdersList', () => {
  it('shows the user view of each order (spec §3)', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({
        body: [
          buildOrder({
            id: 1,
            artchipTitle: 'Harbor Lights',
            status: 'shipped',
            paymentMethod: 'artchip',
            artchipAmount: '36000.000000',
            discountCents: 400,
            shippingCents: 1000,
            totalCents: 4600,
            shippingOption: 'ship',
            shippingAddress: {
              name: 'May Ker',
              addressLine1: '1 Main St',
              addressLine2: null,
              city: 'Springfield',
              state: 'IL',
              zipCode: '62701',
              country: 'US',
            },
            carrier: 'UPS',
            trackingNumber: '1Z999',
          }),
          buildOrder({
            id: 2,
            artchipTitle: 'Sunrise',
            orderType: 'mint',
            paymentStatus: 'pending',
            status: 'pending',
          }),
          buildOrder({ id: 3, artchipTitle: 'Meadow', paymentStatus: 'failed', status: 'pending' }),
        ],
      }),
    });
    renderWithApp(<OrdersList />, { token: 't' });

    const shipped = await screen.findByRole('article', { name: 'Harbor Lights' });
    for (const text of [
      'Purchase',
      'Shipped',
      'Payment: Paid',
      '$ARTCHIP token',
      '36,000 $ARTCHIP',
      '-$4.00',
      '$10.00',
      '$46.00',
    ]) {
      expect(within(shipped).getByText(text)).toBeTruthy();
    }
    expect(within(shipped).getByText(/1 Main St, Springfield, IL/)).toBeTruthy();
    expect(within(shipped).getByText(/Tracking number 1Z999/)).toBeTruthy();
    expect(within(shipped).getByText('UPS', { exact: false })).toBeTruthy();

    const pending = screen.getByRole('article', { name: 'Sunrise' });
    expect(within(pending).getByText('Mint')).toBeTruthy();
    expect(within(pending).getByText('Credit card')).toBeTruthy();
    expect(within(pending).getByText('Your payment is still processing.')).toBeTruthy();
    expect(within(pending).getByText('Stored in the vault')).toBeTruthy();

    const failed = screen.getByRole('article', { name: 'Meadow' });
    expect(within(failed).getByText('Payment failed. Please contact support.')).toBeTruthy();
  });

  it('says whom a transfer goes to', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({
        body: [
          buildOrder({ id: 4, orderType: 'transfer', transferTo: 'friend@example.com', totalCents: 1500 }),
        ],
      }),
    });
    renderWithApp(<OrdersList />, { token: 't' });
    const transfer = await screen.findByRole('article', { name: 'Harbor Lights' });
    expect(within(transfer).getByText('Transfer')).toBeTruthy();
    expect(within(transfer).getByText('Transfer to friend@example.com')).toBeTruthy();
    expect(within(transfer).queryByText('Stored in the vault')).toBeNull();
  });

  it("shows an insured shipment's insurance, so its lines add up to the total (issue 28)", async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({
        body: [
          buildOrder({
            id: 5,
            basePriceCents: 60000,
            shippingCents: 1000,
            insuranceCents: 900,
            totalCents: 61900,
          }),
          buildOrder({ id: 6, artchipTitle: 'Small', insuranceCents: 0 }),
        ],
      }),
    });
    renderWithApp(<OrdersList />, { token: 't' });
    const insured = await screen.findByRole('article', { name: 'Harbor Lights' });
    expect(within(insured).getByText('Insurance and signature on delivery')).toBeTruthy();
    expect(within(insured).getByText('$9.00')).toBeTruthy();
    const small = screen.getByRole('article', { name: 'Small' });
    expect(within(small).queryByText('Insurance and signature on delivery')).toBeNull();
  });

  it('reads a replaced order as replaced and not paid, never as a payment still processing (issue 27)', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({
        body: [
          buildOrder({
            id: 5,
            status: 'cancelled',
            paymentStatus: 'pending',
            statusNote: ORDER_REPLACED_NOTE,
          }),
        ],
      }),
    });
    renderWithApp(<OrdersList />, { token: 't' });
    const order = await screen.findByRole('article', { name: 'Harbor Lights' });
    expect(within(order).getByText('Cancelled')).toBeTruthy();
    expect(within(order).getByText('Payment: Not paid')).toBeTruthy();
    expect(within(order).getByText(ORDER_REPLACED_NOTE)).toBeTruthy();
    expect(within(order).queryByText(/Pending|processing/)).toBeNull();
  });

  it('asks before confirming a shipped purchase received, then shows it delivered (issue 28)', async () => {
    let order = buildOrder({
      id: 7,
      artchipTitle: 'Harbor Lights',
      status: 'shipped',
      shippingOption: 'ship',
      canConfirmReceived: true,
    });
    const mock = mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({ body: [order] }),
      'POST /api/orders/7/received': () => {
        order = {
          ...order,
          status: 'delivered',
          canConfirmReceived: false,
          deliveredBy: 'buyer',
          deliveredAt: '2030-01-05T00:00:00.000Z',
        };
        return { body: order };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<OrdersList />, { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'I received it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Did Harbor Lights arrive?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(mock.callsTo('POST /api/orders/7/received')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'I received it' }));
    const again = await screen.findByRole('dialog', { name: 'Did Harbor Lights arrive?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, I received it' }));
    const card = await screen.findByRole('article', { name: 'Harbor Lights' });
    const line = await within(card).findByText(/confirmed by the buyer/);
    expect(line.textContent).toMatch(/^Delivered .+ · confirmed by the buyer$/);
    expect(screen.queryByRole('button', { name: 'I received it' })).toBeNull();
    expect(mock.callsTo('POST /api/orders/7/received')).toHaveLength(1);
  });

  it('lets the sender cancel a transfer whose fee is not paid, after asking (issue 28)', async () => {
    let order = buildOrder({
      id: 8,
      orderType: 'transfer',
      artchipId: 9,
      artchipTitle: 'Harbor Lights',
      status: 'pending',
      paymentStatus: 'pending',
      transferTo: 'friend',
      canCancelTransfer: true,
    });
    const mock = mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({ body: [order] }),
      'DELETE /api/artchip/9/transfer': () => {
        order = { ...order, status: 'cancelled', canCancelTransfer: false, canPayNow: false };
        return { body: { cancelledOrderIds: [8] } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<OrdersList />, { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Cancel transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the transfer of Harbor Lights?' });
    expect(dialog.textContent).toContain('does not go to friend');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(mock.callsTo('DELETE /api/artchip/9/transfer')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel the transfer of Harbor Lights?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, cancel it' }));
    const card = await screen.findByRole('article', { name: 'Harbor Lights' });
    expect(await within(card).findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
    expect(mock.callsTo('DELETE /api/artchip/9/transfer')).toHaveLength(1);
  });

  it('has an empty state', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': () => ({ body: [] }),
    });
    renderWithApp(<OrdersList />, { token: 't' });
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });
});
