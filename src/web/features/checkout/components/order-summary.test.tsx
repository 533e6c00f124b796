// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { buildQuote } from '#web/lib/testing.tsx';
import { OrderSummary } from './order-summary.tsx';

afterEach(cleanup);

function show(paymentMethod: 'card' | 'paypal' | 'artchip') {
  render(
    <OrderSummary
      summary={buildQuote().summary}
      isLoading={false}
      isError={false}
      paypalMarkupPercent="20.00"
      shippingOption="store"
      paymentMethod={paymentMethod}
    />,
  );
}

describe('OrderSummary (issue 27)', () => {
  it.each(['card', 'paypal'] as const)('shows no token amount on a %s payment', (method) => {
    show(method);
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.queryByText('Token amount')).toBeNull();
    expect(screen.queryByText(/per token/)).toBeNull();
  });

  it('shows the token amount and its price on a token payment', () => {
    show('artchip');
    expect(screen.getByText('Token amount')).toBeTruthy();
    expect(screen.getByText(/per token/)).toBeTruthy();
  });
});

describe('OrderSummary shipping protection (issue 28)', () => {
  it('shows the insurance line with its rule when the server charged it', () => {
    render(
      <OrderSummary
        summary={
          buildQuote({
            basePriceCents: 100_000,
            shippingCents: 1000,
            insuranceCents: 1500,
            totalCents: 102_500,
          }).summary
        }
        isLoading={false}
        isError={false}
        paypalMarkupPercent="20.00"
        insuredShippingPercent="1.50"
        insuredShippingThresholdUsd="500.00"
        shippingOption="ship"
        paymentMethod="card"
      />,
    );
    const term = screen.getByText('Insurance and signature on delivery');
    expect(term.closest('div')?.textContent).toContain('$15.00');
    expect(screen.getByText('1.5% of the price, for chips over $500.00')).toBeTruthy();
  });

  it('shows no insurance line when none was charged', () => {
    show('card');
    expect(screen.queryByText('Insurance and signature on delivery')).toBeNull();
  });
});
