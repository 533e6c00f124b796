/**
 * Test data made through the API for the browser journeys: accounts, sessions, chips and purchases.
 * Shared by the spec files so each journey reads as what a person does.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expect, linkFrom, readMail, uniqueUser } from './fixtures.ts';

export type Account = { email: string; username: string; password: string; token: string };
export type ChipJson = {
  id: number;
  title: string;
  slug: string;
  creatorUsername: string;
  priceUsd: string | null;
};

/** The session header of an account (or the admin). */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Signs a user up through the API and verifies the e-mail with the link from the outbox. */
export async function signUpVerified(request: APIRequestContext, prefix: string): Promise<Account> {
  const user = uniqueUser(prefix);
  await json(await request.post('/api/auth/signup', { data: { ...user, confirmPassword: user.password } }));
  const session = await verifyByLink(linkFrom(await readMail(user.email, /verify/i), '/verify-email'));
  return { ...user, token: session.token };
}

/**
 * Follows a mailed verification link through the API from a context of its own: a link opened where
 * another account is signed in verifies without switching accounts (docs/decisions/035), and journeys
 * make several accounts.
 */
export async function verifyByLink(link: string): Promise<{ token: string }> {
  const url = new URL(link);
  const fresh = await playwrightRequest.newContext();
  try {
    const token = encodeURIComponent(url.searchParams.get('token') ?? '');
    return await json<{ token: string }>(
      await fresh.get(`${url.origin}/api/auth/verify-email?token=${token}`),
    );
  } finally {
    await fresh.dispose();
  }
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await json<{ token: string }>(await request.post('/api/admin/auth/login', { data: ADMIN }))).token;
}

/** The admin makes the chip of a paid mint order (it is then pending, its creator's to activate). */
export async function createChipFromMint(request: APIRequestContext, orderId: number): Promise<ChipJson> {
  const made = await json<{ artchip: ChipJson }>(
    await request.post(`/api/admin/orders/${orderId}/create-artchip`, {
      headers: auth(await adminToken(request)),
      data: {},
    }),
  );
  return made.artchip;
}

/** `buyer` buys the chip through the API, kept in our vault, paid by demo card. */
export async function buyIntoVault(request: APIRequestContext, buyer: Account, chipId: number) {
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: { orderType: 'purchase', artchipId: chipId, paymentMethod: 'card', shippingOption: 'store' },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(buyer.token) }));
}

/** A small real PNG, different for each seed, so the upload pipeline sees genuine image bytes. */
export function makePng(seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

/** A paid mint through the API (upload unless surprize, checkout, demo completion); its order id. */
export async function paidMint(
  request: APIRequestContext,
  creator: Account,
  title: string,
  options: { isSurprize?: boolean; shipToMe?: boolean } = {},
): Promise<number> {
  let imageUrl: string | undefined;
  if (!options.isSurprize) {
    const media = await json<{ url: string }>(
      await request.post('/api/media', {
        headers: auth(creator.token),
        multipart: {
          image: { name: 'art.png', mimeType: 'image/png', buffer: await makePng(title.length) },
        },
      }),
    );
    imageUrl = media.url;
  }
  const shipping = options.shipToMe
    ? {
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Cora Creator',
        newAddressLine1: '5 Studio Lane',
        newAddressCity: 'Portland',
        newAddressState: 'OR',
        newAddressZip: '97201',
        newAddressCountry: 'US',
      }
    : { shippingOption: 'store' };
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(creator.token),
      data: {
        orderType: 'mint',
        paymentMethod: 'artchip',
        ...shipping,
        mintData: { title, isSurprize: Boolean(options.isSurprize), ...(imageUrl ? { imageUrl } : {}) },
      },
    }),
  );
  await json(
    await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(creator.token) }),
  );
  return checkout.orderId;
}

/**
 * `creator`'s chip made through the API: a paid mint the admin makes into a chip (pending, theirs to
 * activate); with `priceUsd`, activated and listed at that price.
 */
export async function mintedChip(
  request: APIRequestContext,
  creator: Account,
  title: string,
  priceUsd?: string,
): Promise<ChipJson> {
  const chip = await createChipFromMint(request, await paidMint(request, creator, title));
  if (priceUsd !== undefined) {
    await json(
      await request.patch(`/api/artchip/${chip.id}/activate`, {
        headers: auth(creator.token),
        data: { price: priceUsd },
      }),
    );
  }
  return chip;
}

/** A new creator's chip, live in the marketplace at `priceUsd`. */
export async function liveChip(request: APIRequestContext, title: string, priceUsd: string) {
  const creator = await signUpVerified(request, 'seller');
  return { creator, chip: await mintedChip(request, creator, title, priceUsd) };
}
