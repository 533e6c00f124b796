// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Case, MyCases } from '#shared/cases.schemas.ts';
import { buildOrder, buildUser, FakeXhr, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { OrderCase } from './order-case.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RULE = 'Buyer protection: report it within 7 days of delivery.';
const order = buildOrder({
  id: 9,
  artchipTitle: 'Harbor Lights',
  status: 'delivered',
  shippingOption: 'ship',
});

function buildCase(overrides: Partial<Case> = {}): Case {
  return {
    id: 4,
    orderId: 9,
    kind: 'damaged',
    status: 'awaiting_seller',
    description: 'Cracked across the middle.',
    photos: [],
    sellerDueAt: '2026-12-01T10:00:00.000Z',
    sellerAnswer: null,
    sellerAnsweredAt: null,
    outcome: null,
    refundCents: null,
    decisionReason: null,
    decidedAt: null,
    closedAt: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    messages: [],
    ...overrides,
  };
}

const mine = (overrides: Partial<MyCases>): MyCases => ({
  asBuyer: [],
  asSeller: [],
  reportable: [],
  rule: RULE,
  ...overrides,
});

describe('OrderCase', () => {
  it('reports a problem: the kinds open to this order, what happened, photos, then shows the case', async () => {
    let reported = false;
    const api = mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-cases': () => ({
        body: reported
          ? mine({ asBuyer: [buildCase()] })
          : mine({
              reportable: [
                { orderId: 9, kinds: ['damaged', 'not_as_described'], until: '2026-12-05T10:00:00Z' },
              ],
            }),
      }),
      'GET /api/my-orders': () => ({ body: [order] }),
    });
    // The report goes as an upload (XMLHttpRequest, with progress), like every image.
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<OrderCase order={order} />, { token: 't' });

    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with Harbor Lights' });
    expect(within(dialog).getByText(new RegExp(RULE))).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'Not received' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(await within(dialog).findByText('Describe the problem in at least 10 characters')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Not as described' }));
    await user.type(within(dialog).getByLabelText('What happened'), 'The colours are all wrong.');
    const photo = new File(['png'], 'colours.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(/Photos/), photo);
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    const [xhr] = FakeXhr.sent;
    expect(xhr?.url).toBe('/api/orders/9/cases');
    const form = xhr!.body as FormData;
    expect(form.get('kind')).toBe('not_as_described');
    expect(form.get('description')).toBe('The colours are all wrong.');
    expect((form.get('photos') as File).name).toBe('colours.png');
    reported = true;
    xhr!.respond(201, buildCase());
    expect(await screen.findByText('Waiting for the seller')).toBeTruthy();
    expect(api.callsTo('GET /api/my-cases').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });

  it('shows the decision on the order', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-cases': () => ({
        body: mine({
          asBuyer: [
            buildCase({
              status: 'closed',
              outcome: 'partial_refund',
              refundCents: 1800,
              decisionReason: 'A crack the seller could not explain.',
            }),
          ],
        }),
      }),
    });
    renderWithApp(<OrderCase order={order} />, { token: 't' });
    const section = await screen.findByRole('region', { name: 'Case #4' });
    expect(within(section).getByText('Closed')).toBeTruthy();
    expect(within(section).getByText(/Decision: Refunded in part/)).toBeTruthy();
    expect(within(section).getByText(/\$18\.00 back to the way you paid/)).toBeTruthy();
    expect(within(section).getByText(/A crack the seller could not explain/)).toBeTruthy();
  });
});
