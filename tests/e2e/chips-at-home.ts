/**
 * A chip at home with its owner, with a tag: bought shipped, delivered, and provisioned by the admin;
 * the test plays the programming station and the tag (hand-over and vault journeys).
 */
import type { APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { diversifyKeyAn10922 } from '#server/modules/nfc/an10922.ts';
import { BRAND } from '#shared/brand.ts';
import { NfcProvisioningSchema, type NfcProvisioning } from '#shared/nfc.schemas.ts';
import { DATA_DIR } from './fixtures.ts';
import { adminToken, auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

/** A random NXP-style UID, so this journey's tag never meets another test's. */
function randomUid(): string {
  return `04${Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join('')
    .toUpperCase()}`;
}

/** The programming station: this install's master key and the tag's diversification inputs give its keys. */
export function programmedKeys(uid: string, settings: NfcProvisioning) {
  const master = Buffer.from(fs.readFileSync(path.join(DATA_DIR, 'nfc-master.key'), 'utf8').trim(), 'hex');
  const input = (hex: string) => Buffer.from(hex, 'hex');
  return {
    uid,
    metaReadKey: diversifyKeyAn10922(master, input(settings.keys.sdmMetaRead.diversificationInput)),
    fileReadKey: diversifyKeyAn10922(master, input(settings.keys.sdmFileRead.diversificationInput)),
  };
}

/** Provisions a new tag for the chip as the admin; the keys the programming station would write. */
export async function provisionTag(
  request: APIRequestContext,
  admin: Record<string, string>,
  chipId: number,
) {
  const uid = randomUid();
  const settings = NfcProvisioningSchema.parse(
    await json(
      await request.post(`/api/admin/${BRAND.slug}/${chipId}/nfc-tag/provision`, {
        headers: admin,
        data: { uid },
      }),
    ),
  );
  return { keys: programmedKeys(uid, settings) };
}

/**
 * A chip bought, shipped and delivered to a new member (so it is with its owner, at $40: the transfer
 * fee is $12.00), with a tag the admin provisioned; the test plays the programming station and the tag.
 */
export async function chipWithItsOwner(request: APIRequestContext, titlePrefix: string) {
  const title = uniqueTitle(titlePrefix);
  const { chip } = await liveChip(request, title, '40.00');
  const owner = await signUpVerified(request, 'holder');

  // The owner buys it shipped to them, and it is delivered: the chip is with its owner.
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(owner.token),
      data: {
        orderType: 'purchase',
        artchipId: chip.id,
        paymentMethod: 'card',
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Olive Owner',
        newAddressLine1: '1 Main Street',
        newAddressCity: 'Springfield',
        newAddressState: 'IL',
        newAddressZip: '62701',
        newAddressCountry: 'US',
      },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(owner.token) }));
  const admin = auth(await adminToken(request));
  await json(
    await request.patch(`/api/admin/orders/${checkout.orderId}/status`, {
      headers: admin,
      data: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    }),
  );
  await json(
    await request.patch(`/api/admin/orders/${checkout.orderId}/status`, {
      headers: admin,
      data: { status: 'delivered' },
    }),
  );
  const { keys } = await provisionTag(request, admin, chip.id);
  return { title, chip, owner, keys };
}
