// Issue 25, finding 8: a guest checkout with the e-mail of a password-less account (one an earlier
// guest checkout made) still put the bought chip into that account at once. A guest checkout now
// never buys into an existing account: the address's owner is mailed a link to set a password, and
// buys once signed in to the proven account (decision 035).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthSessionSchema } from '#shared/auth.schemas.ts';
import { CheckoutResponseSchema, GUEST_ACCOUNT_EXISTS_MESSAGE } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { findOrCreateGuestUser } from '#server/modules/users/users.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { mailsTo, tokenFromMail } from '#tests/factories/auth.ts';

const OWNER = 'earlier-guest@example.com';

async function setup() {
  const app = await buildTestApp();
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const { user: account } = await findOrCreateGuestUser(app.db, OWNER);
  return { app, chip, account, sellerId: seller.user.id };
}

describe('a guest checkout with the e-mail of a password-less account', () => {
  it('gives that account no chip and no order until its owner proves the address and buys', async () => {
    const { app, chip, account, sellerId } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { email: OWNER }),
    });
    expect(res.statusCode).toBe(409);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.fieldErrors?.email).toEqual([GUEST_ACCOUNT_EXISTS_MESSAGE]);

    // Nothing was bought or held in the account's name.
    expect(await app.db.select().from(orders).where(eq(orders.buyerId, account.id))).toHaveLength(0);
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row).toMatchObject({ ownerId: sellerId, reservedForUserId: null, status: 'active' });

    // The owner got one set-password link, however often checkouts name the address.
    await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { email: OWNER }),
    });
    const mails = await mailsTo(app.db, OWNER);
    expect(mails.map((m) => m.template)).toEqual(['set-password']);

    // With it, the owner signs in to the proven account and buys as themselves.
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: tokenFromMail(mails[0]!.text, '/set-password'),
        email: OWNER,
        password: 'owners-pass',
        confirmPassword: 'owners-pass',
      },
    });
    const session = AuthSessionSchema.parse(set.json());
    expect(session.user).toMatchObject({ id: account.id, isEmailVerified: true });
    const bought = await injectAs(app, session.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(bought.statusCode).toBe(200);
    expect(CheckoutResponseSchema.parse(bought.json()).newAccount).toBe(false);
  });
});
