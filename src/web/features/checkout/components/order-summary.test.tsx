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
