// Issue 11: the platform fee is taken on the highest price actually paid, never a listed price.
import { describe, expect, it } from 'vitest';
import { ChipSchema } from '#shared/chips.schemas.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { TransferFeeSchema } from '#shared/orders.schemas.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { readOrderBooks } from '#tests/factories/orders.ts';

/** Buys and pays for the chip; what the sale booked for the seller and the platform fee, by kind. */
async function buy(app: App, token: string, chipId: number) {
  const orderId = await buyAndPay(app, token, chipId);
  const books = await readOrderBooks(app.db, orderId);
  // A resale's creator royalty (decision 081) comes out of the fee: tests/api/money/royalties.test.ts.
  const fee = books.ledger.filter((l) => l.kind !== 'creator_royalty');
  return Object.fromEntries(fee.map((l) => [l.kind, l.amountCents]));
}

describe('the platform fee base', () => {
  it('a $1,000,000 listing repriced to $10 does not poison the fee of later sales', async () => {
    const app = await buildTestApp();
    const seller = await insertUser(app.db);
    const first = await insertUser(app.db);
    const second = await insertUser(app.db);
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 1000,
      highestPriceCents: 0,
    });
    const pricing = (priceUsd: string) =>
      injectAs(app, seller.token, {
        method: 'PATCH',
        url: `/api/artchip/${chip.id}/pricing`,
        payload: { priceUsd, paypalEnabled: false },
      });
    expect((await pricing('1000000.00')).statusCode).toBe(200);
    const repriced = await pricing('10.00');
    expect(ChipSchema.parse(repriced.json()).highestSaleCents).toBe(0);

    // 30 % of the $10 actually paid.
    expect(await buy(app, first.token, chip.id)).toEqual({ platform_fee: 300, seller_proceeds: 700 });
    const resell = await injectAs(app, first.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '100.00' },
    });
    expect(ChipSchema.parse(resell.json()).highestSaleCents).toBe(1000);
    // The next owner's $100 sale: 30 % of $100 (the highest paid, this sale included), not 100 %.
    expect(await buy(app, second.token, chip.id)).toEqual({ platform_fee: 3000, seller_proceeds: 7000 });
    const after = ChipSchema.parse(
      (await injectAs(app, null, { method: 'GET', url: `/api/artchip/${chip.id}` })).json(),
    );
    expect(after.highestSaleCents).toBe(10_000);
  });

  it('a cheaper resale still pays 30 % of the highest price paid, never more than the sale', async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    // Sold before at $50; now listed at $45: the fee is 30 % of $50 = $15, the seller keeps $30.
    const chip = await insertChip(app.db, {
      creatorId: owner.user.id,
      priceCents: 4500,
      highestPriceCents: 5000,
    });
    expect(await buy(app, buyer.token, chip.id)).toEqual({ platform_fee: 1500, seller_proceeds: 3000 });
    // Sold before at $1,000; now $100: the fee is capped at the sale, proceeds never go negative.
    const pricey = await insertChip(app.db, {
      creatorId: owner.user.id,
      priceCents: 10_000,
      highestPriceCents: 100_000,
    });
    expect(await buy(app, buyer.token, pricey.id)).toEqual({ platform_fee: 10_000, seller_proceeds: 0 });
  });

  it("with the feeBase setting at 'sale', a cheaper resale pays 30 % of its own price, and the transfer fee follows", async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const owner = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    const set = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { feeBase: 'sale' },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Sold before at $50, now $45: 30 % of $45 = $13.50, the seller keeps $31.50.
    const chip = await insertChip(app.db, {
      creatorId: owner.user.id,
      priceCents: 4500,
      highestPriceCents: 5000,
    });
    const fee = await injectAs(app, owner.token, {
      method: 'GET',
      url: `/api/artchip/${chip.id}/transfer-fee`,
    });
    expect(TransferFeeSchema.parse(fee.json())).toMatchObject({
      feeCents: 1350,
      feeBasis: 'list_price',
      rule: '30% of its list price, $45.00',
    });
    expect(await buy(app, buyer.token, chip.id)).toEqual({ platform_fee: 1350, seller_proceeds: 3150 });
  });
});
