import { describe, expect, it } from 'vitest';
import { splitSale } from '#shared/pricing.ts';
import { chipSoldMail, orderConfirmationMail, type OrderMailInfo } from './orders.mail.ts';

const URL = 'https://artchip.example';

function sold(salePriceCents: number, highestSaleCents: number) {
  const platformFeeBasisPoints = 3000;
  const split = splitSale({ salePriceCents, highestSaleCents, platformFeeBasisPoints });
  return chipSoldMail('seller@example.com', URL, {
    title: 'Harbor Lights',
    salePriceCents,
    platformFeeBasisPoints,
    ...split,
  });
}

describe('chipSoldMail', () => {
  it('states the sale price, the fee with its rule and base, and the proceeds', () => {
    const mail = sold(4500, 5000);
    expect(mail.template).toBe('chip-sold');
    expect(mail.text).toContain('"Harbor Lights" has been sold for $45.00.');
    expect(mail.text).toContain("Platform fee: $15.00 (30% of this chip's highest price, $50.00).");
    expect(mail.text).toContain('You receive $30.00.');
    expect(mail.html).toContain('You receive $30.00.');
  });

  it('names the sale price as the base when it is the highest, and says when the fee is capped', () => {
    expect(sold(5000, 0).text).toContain('Platform fee: $15.00 (30% of the sale price).');
    expect(sold(1000, 100_000).text).toContain(
      "Platform fee: $10.00 (30% of this chip's highest price, $1,000.00, capped at the sale price).",
    );
    expect(sold(1000, 100_000).text).toContain('You receive $0.00.');
  });
});

describe('orderConfirmationMail', () => {
  const order: OrderMailInfo = {
    id: 7,
    orderType: 'purchase',
    title: 'Harbor Lights',
    totalCents: 2500,
    artchipAmount: '25000.000000',
    paymentMethod: 'artchip',
    shippingOption: 'store',
  };

  it('prints a token order’s amount with the one token formatter', () => {
    const mail = orderConfirmationMail('buyer@example.com', URL, order, false);
    expect(mail.text).toContain('your payment of $25.00 (25,000 $ARTCHIP)');
    expect(mail.text).not.toContain('25000.000000');
  });

  it('names no token amount for a card or PayPal order, even when one was quoted', () => {
    for (const paymentMethod of ['card', 'paypal']) {
      const mail = orderConfirmationMail('buyer@example.com', URL, { ...order, paymentMethod }, false);
      expect(mail.text).toContain('your payment of $25.00 for');
      expect(mail.text).not.toContain('$ARTCHIP');
    }
  });
});
