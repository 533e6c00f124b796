// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PaymentsConfig } from '#shared/payments.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { StripeCardForm } from './stripe-card-form.tsx';

/** The parts of Stripe.js's card events and confirmCardPayment result that the form reads. */
type CardChange = { complete: boolean; error?: { message: string } };
type ConfirmResult = { error?: { message?: string }; paymentIntent?: { id: string; status: string } };
type Handler = (e: CardChange) => void;

/** A stand-in for Stripe.js: the card element and confirmCardPayment, controlled by the test. */
const fake = vi.hoisted(() => ({
  keys: [] as string[],
  handlers: new Map<string, (e: { complete: boolean; error?: { message: string } }) => void>(),
  confirm: vi.fn(),
}));

vi.mock('../lib/stripe-js.ts', () => ({
  loadStripeJs: async (key: string) => {
    fake.keys.push(key);
    return {
      elements: () => ({
        create: () => ({
          mount: () => setTimeout(() => fake.handlers.get('ready')?.({ complete: false })),
          destroy: () => undefined,
          focus: () => undefined,
          on: (event: string, handler: Handler) => fake.handlers.set(event, handler),
        }),
      }),
      confirmCardPayment: fake.confirm,
    };
  },
}));

const CONFIG: PaymentsConfig = {
  methods: [{ method: 'card', mode: 'live', provider: 'stripe' }],
  stripe: { publishableKey: 'pk_test_123' },
  paypal: null,
  solana: null,
};

beforeEach(() => {
  fake.keys.length = 0;
  fake.handlers.clear();
  fake.confirm.mockReset();
  api = mockApi({
    'GET /api/payments/config': () => ({ body: CONFIG }),
    'POST /api/orders/12/payment-started': () => ({ body: { holdUntil: '2026-11-24T12:30:00.000Z' } }),
  });
});

let api: ReturnType<typeof mockApi>;

afterEach(cleanup);

function renderForm() {
  const onSuccess = vi.fn();
  const onError = vi.fn();
  renderWithApp(
    <StripeCardForm
      orderId={12}
      amountCents={4250}
      clientSecret="pi_1_secret_2"
      onSuccess={onSuccess}
      onError={onError}
    />,
  );
  return { onSuccess, onError, user: userEvent.setup() };
}

describe('StripeCardForm (live)', () => {
  it('sets up Stripe.js with the publishable key, then confirms the PaymentIntent and reports success', async () => {
    let finish: (r: ConfirmResult) => void = () => undefined;
    fake.confirm.mockReturnValue(new Promise<ConfirmResult>((resolve) => (finish = resolve)));
    const { onSuccess, user } = renderForm();
    expect(screen.getByText('Setting up secure payment...')).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Pay Now $42.50' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(fake.keys).toEqual(['pk_test_123']);
    await user.click(pay);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    // The chip is kept for the buyer before the card goes to Stripe.
    expect(api.callsTo('POST /api/orders/12/payment-started')).toHaveLength(1);
    const [secret, data] = fake.confirm.mock.calls[0] as [string, { return_url: string }];
    expect(secret).toBe('pi_1_secret_2');
    expect(data.return_url).toBe('http://localhost:3000/checkout-success?orderId=12&newAccount=false');
    finish({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
  });

  it("shows the provider's message in red and the spec toast, and lets the buyer try again", async () => {
    fake.confirm.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    const { onError, onSuccess, user } = renderForm();
    const pay = await screen.findByRole('button', { name: 'Pay Now $42.50' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    const alert = await screen.findByText('Your card was declined.');
    expect(alert.className).toContain('text-red-700');
    // The toast's code loads with the first toast: it shows a moment after the inline message.
    expect(await screen.findByText('Credit card payment failed')).toBeTruthy();
    expect(screen.getByText('Order could not be processed. Please try again.')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith('Your card was declined.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Now $42.50' }).disabled).toBe(false);

    fake.confirm.mockResolvedValueOnce({ error: {} });
    await user.click(screen.getByRole('button', { name: 'Pay Now $42.50' }));
    expect(await screen.findByText('Payment failed.')).toBeTruthy();
  });

  it('stops before Stripe, with the reason, when someone else is already paying for the chip', async () => {
    const reserved = 'This Artchip is being purchased by someone else. Please try again in a few minutes.';
    mockApi({
      'GET /api/payments/config': () => ({ body: CONFIG }),
      'POST /api/orders/12/payment-started': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: reserved },
      }),
    });
    const { onError, user } = renderForm();
    const pay = await screen.findByRole('button', { name: 'Pay Now $42.50' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    expect(await screen.findByText(reserved)).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(reserved);
    expect(fake.confirm).not.toHaveBeenCalled();
  });
});
