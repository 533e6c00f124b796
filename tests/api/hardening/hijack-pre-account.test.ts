// Issue 25, finding 2: pre-hijacking an account. A guest checkout with someone else's e-mail hands
// its browser a set-password token; the attacker set a password, got a session and set where money
// and parcels go. When the real owner verified the address, the attacker's session and password kept
// working, and a password reset left their PayPal e-mail and address in place. Proving the e-mail now
// discards the hand-out's password, every session and every destination set before (decision 035).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthSessionSchema, VerifyEmailResponseSchema } from '#shared/auth.schemas.ts';
import { CheckoutResponseSchema, CheckoutSuccessResponseSchema } from '#shared/checkout.schemas.ts';
import { payoutAccounts } from '#server/modules/payouts/payouts.table.ts';
import { shippingAddresses, users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const VICTIM = 'victim@example.com';
const ATTACKER_PASSWORD = 'attacker-pass';
const ATTACKER_PAYPAL = 'mallory@evil.example';

/** The attacker's whole sequence: guest checkout in the victim's name, hand-out, password, destinations. */
async function preHijack(app: App) {
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chip.id, { email: VICTIM }),
  });
  expect(placed.statusCode).toBe(200);
  const order = CheckoutResponseSchema.parse(placed.json());
  const payToken = new URL(order.redirectUrl, 'http://x').searchParams.get('token');
  const paid = await app.inject({
    method: 'POST',
    url: `/api/orders/${order.orderId}/complete?token=${payToken}`,
  });
  expect(paid.statusCode).toBe(200);
  const success = await app.inject({
    method: 'GET',
    url: `/api/orders/${order.orderId}/checkout-success?email=${VICTIM}&token=${encodeURIComponent(order.guestToken!)}`,
  });
  const { setPasswordToken } = CheckoutSuccessResponseSchema.parse(success.json());
  const set = await app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    payload: {
      token: setPasswordToken,
      email: VICTIM,
      password: ATTACKER_PASSWORD,
      confirmPassword: ATTACKER_PASSWORD,
    },
  });
  expect(set.statusCode).toBe(200);
  const session = AuthSessionSchema.parse(set.json());
  expect(session.user.isEmailVerified).toBe(false);

  // Where the victim's money and parcels would go, all the attacker's.
  const profile = await injectAs(app, session.token, {
    method: 'PUT',
    url: '/api/users/profile',
    payload: {
      firstName: 'Vic',
      lastName: 'Tim',
      username: session.user.username,
      paypalEmail: ATTACKER_PAYPAL,
      currentPassword: ATTACKER_PASSWORD,
    },
  });
  expect(profile.statusCode).toBe(200);
  const address = await injectAs(app, session.token, {
    method: 'POST',
    url: '/api/shipping-addresses',
    payload: {
      name: 'Mallory',
      addressLine1: '1 Drop Street',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
  });
  expect(address.statusCode).toBe(201);
  const payout = await injectAs(app, session.token, {
    method: 'PUT',
    url: '/api/my-payout-account',
    payload: { method: 'manual', paypalEmail: ATTACKER_PAYPAL, currentPassword: ATTACKER_PASSWORD },
  });
  expect(payout.statusCode).toBe(200);
  return { attackerToken: session.token, userId: session.user.id };
}

/** What the attacker is left with: a session, a password, destinations. */
async function attackerHoldings(app: App, userId: number, attackerToken: string) {
  const me = await injectAs(app, attackerToken, { method: 'GET', url: '/api/auth/user' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: VICTIM, password: ATTACKER_PASSWORD },
  });
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  const addresses = await app.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, userId));
  const payout = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return {
    hasSession: me.statusCode === 200,
    canLogIn: login.statusCode === 200,
    paypalEmail: row!.paypalEmail,
    addresses: addresses.map((a) => a.name),
    payoutAccounts: payout.length,
  };
}

const NOTHING = { hasSession: false, canLogIn: false, paypalEmail: null, addresses: [], payoutAccounts: 0 };

describe('pre-hijacking an account through a guest checkout hand-out', () => {
  it('the owner verifying the address leaves the attacker no session, no password and no destination', async () => {
    const app = await buildTestApp();
    const { attackerToken, userId } = await preHijack(app);

    const mail = await latestMailTo(app.db, VICTIM, 'verify-email');
    const verified = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(mail!.text, '/verify-email'))}`,
    });
    expect(verified.statusCode).toBe(200);
    const answer = VerifyEmailResponseSchema.parse(verified.json());
    expect(await attackerHoldings(app, userId, attackerToken)).toEqual(NOTHING);

    // The owner is asked for a password of their own, and that one works.
    if (answer.outcome !== 'set_password') throw new Error(`expected set_password, got ${answer.outcome}`);
    expect(answer.email).toBe(VICTIM);
    expect(verified.headers['set-cookie']).toBeUndefined();
    const own = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: answer.setPasswordToken,
        email: VICTIM,
        password: 'owners-pass',
        confirmPassword: 'owners-pass',
      },
    });
    expect(own.statusCode).toBe(200);
    expect(AuthSessionSchema.parse(own.json()).user).toMatchObject({ id: userId, isEmailVerified: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: VICTIM, password: 'owners-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('the owner resetting the password instead also removes the attacker’s destinations', async () => {
    const app = await buildTestApp();
    const { attackerToken, userId } = await preHijack(app);

    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: VICTIM },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await latestMailTo(app.db, VICTIM, 'set-password');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: tokenFromMail(mail!.text, '/set-password'),
        email: VICTIM,
        password: 'owners-pass',
        confirmPassword: 'owners-pass',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await attackerHoldings(app, userId, attackerToken)).toEqual(NOTHING);
  });

  it('keeps what the owner sets after proving the address', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db, { isEmailVerified: true });
    await injectAs(app, token, {
      method: 'PUT',
      url: '/api/my-payout-account',
      payload: { method: 'manual', paypalEmail: 'own@example.com', currentPassword: 'password123' },
    });
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const mail = await latestMailTo(app.db, user.email, 'set-password');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: tokenFromMail(mail!.text, '/set-password'),
        email: user.email,
        password: 'another-pass',
        confirmPassword: 'another-pass',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id))).toHaveLength(
      1,
    );
  });
});
