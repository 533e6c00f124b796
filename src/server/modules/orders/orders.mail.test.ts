import { describe, expect, it } from 'vitest';
import { splitSale } from '#shared/pricing.ts';
import { chipSoldMail, orderConfirmationMail, orderStatusMail, type OrderMailInfo } from './orders.mail.ts';

const URL = 'https://artchip.example';
const SELLER = { email: 'seller@example.com', firstName: 'Sam', username: 'sam' };
const BUYER = { email: 'buyer@example.com', firstName: 'Bea', username: 'bea' };

function sold(salePriceCents: number, highestSaleCents: number, creatorRoyaltyCents = 0) {
  const platformFeeBasisPoints = 3000;
  const split = splitSale({ salePriceCents, highestSaleCents, platformFeeBasisPoints, feeBase: 'highest' });
  return chipSoldMail(SELLER, URL, {
    title: 'Harbor Lights',
    image: { imageUrl: '/media/harbor.png' },
    salePriceCents,
    platformFeeBasisPoints,
    feeBase: 'highest',
    ...split,
    creatorRoyaltyCents,
  });
}

describe('chipSoldMail', () => {
  it('states the sale price, the fee with its rule and base, and the proceeds', async () => {
    const mail = await sold(4500, 5000);
    expect(mail.template).toBe('chip-sold');
    expect(mail.text).toContain('Hi Sam,');
    expect(mail.text).toContain('"Harbor Lights" has been sold for $45.00.');
    expect(mail.text).toContain("Platform fee: $15.00 (30% of this chip's highest price, $50.00).");
    expect(mail.text).toContain('You receive $30.00.');
    expect(mail.text).toMatch(/Your proceeds +\$30\.00/);
    expect(mail.html).toContain('You receive $30.00.');
    expect(mail.html).toContain('src="https://artchip.example/media/harbor.png"');
    expect(mail.html).toContain('alt="Artwork of Harbor Lights"');
  });

  it("says how much of the fee is the creator's royalty on a resale, and nothing of it on a first sale", async () => {
    const resale = await sold(10_000, 0, 500);
    expect(resale.text).toContain(
      "Platform fee: $30.00 (30% of the sale price). Of it, $5.00 goes to the chip's creator as their royalty.",
    );
    expect(resale.text).toContain('You receive $70.00.');
    expect((await sold(10_000, 0)).text).not.toContain('royalty');
  });

  it('names the sale price as the base when it is the highest, and says when the fee is capped', async () => {
    expect((await sold(5000, 0)).text).toContain('Platform fee: $15.00 (30% of the sale price).');
    const capped = await sold(1000, 100_000);
    expect(capped.text).toContain(
      "Platform fee: $10.00 (30% of this chip's highest price, $1,000.00, capped at the sale price).",
    );
    expect(capped.text).toContain('You receive $0.00.');
  });
});

const ORDER: OrderMailInfo = {
  id: 7,
  orderType: 'purchase',
  title: 'Harbor Lights',
  isSurprize: false,
  basePriceCents: 2500,
  discountCents: 250,
  markupCents: 0,
  shippingCents: 2500,
  insuranceCents: 0,
  totalCents: 4750,
  artchipAmount: '47500.000000',
  paymentMethod: 'artchip',
  shippingOption: 'ship',
  shippingAddress: {
    name: 'Bea Buyer',
    addressLine1: '12 Rue de Rivoli',
    addressLine2: null,
    city: 'Paris',
    state: '',
    zipCode: '75001',
    country: 'FR',
  },
  imageUrl: 'https://cdn.example/harbor.png',
};

describe('orderConfirmationMail', () => {
  it('prints a token order’s amount with the one token formatter', async () => {
    const mail = await orderConfirmationMail(BUYER, URL, ORDER, false);
    expect(mail.text).toContain('your payment of $47.50 (47,500 $ARTCHIP)');
    expect(mail.text).not.toContain('47500.000000');
  });

  it('lists the order’s lines, the total and where it ships, in both parts', async () => {
    const mail = await orderConfirmationMail(BUYER, URL, ORDER, false);
    expect(mail.text).toContain('Hi Bea,');
    expect(mail.text).toMatch(/Artchip "Harbor Lights" +\$25\.00/);
    expect(mail.text).toMatch(/\$ARTCHIP discount +-\$2\.50/);
    expect(mail.text).toMatch(/Shipping +\$25\.00/);
    expect(mail.text).toMatch(/Total +\$47\.50/);
    expect(mail.text).toContain('Bea Buyer\n12 Rue de Rivoli\n75001 Paris\nFrance');
    expect(mail.html).toContain('Bea Buyer<br/>12 Rue de Rivoli<br/>75001 Paris<br/>France');
    expect(mail.html).toContain('src="https://cdn.example/harbor.png"');
  });

  it('names no token amount for a card or PayPal order, even when one was quoted', async () => {
    for (const paymentMethod of ['card', 'paypal']) {
      const order = { ...ORDER, paymentMethod, discountCents: 0, totalCents: 5000 };
      const mail = await orderConfirmationMail(BUYER, URL, order, false);
      expect(mail.text).toContain('your payment of $50.00 for');
      expect(mail.text).not.toContain('$ARTCHIP');
    }
  });

  it('shows no address for a chip kept in the vault', async () => {
    const mail = await orderConfirmationMail(BUYER, URL, { ...ORDER, shippingOption: 'store' }, false);
    expect(mail.text).toContain('kept in our vault');
    expect(mail.text).not.toContain('Ship to');
    expect(mail.text).not.toContain('Rue de Rivoli');
  });
});

describe('orderStatusMail', () => {
  it('links the tracking number to the carrier’s page', async () => {
    const mail = await orderStatusMail(BUYER, URL, ORDER, 'shipped', {
      carrier: 'usps',
      trackingNumber: '9400 1',
    });
    const link = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201';
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`USPS tracking number: 9400 1 ${link}`);
    expect(mail.text).toContain('Ship to');
  });

  it('gives the plain number for a carrier it does not know', async () => {
    const mail = await orderStatusMail(BUYER, URL, ORDER, 'shipped', {
      carrier: 'Local Courier',
      trackingNumber: 'LC-1',
    });
    expect(mail.text).toContain('It is travelling with Local Courier, tracking number LC-1.');
    expect(mail.text).toContain('Local Courier tracking number: LC-1');
    expect(mail.html).not.toContain('LC-1</a>');
  });
});
