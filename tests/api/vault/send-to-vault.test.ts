// Issue 28: back into the vault. The owner of a chip they hold sends it in with a reference; an admin
// checks it in only with a fresh, verified tap of that very chip (a tap of another chip, a replayed tap
// and a bad MAC are refused), or refuses it with a reason; then it can be listed like any vaulted chip.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { vaultIntakes } from '#server/modules/chips/vault-intakes.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { HANDOVER_NOT_WITH_OWNER_MESSAGE } from '#shared/handovers.schemas.ts';
import {
  VAULT_ADDRESS_MISSING_MESSAGE,
  VAULT_INTAKE_NONE_MESSAGE,
  VAULT_INTAKE_OPEN_MESSAGE,
  VAULT_TAP_INVALID_MESSAGE,
  VAULT_TAP_OTHER_CHIP_MESSAGE,
  VaultIntakeEnvelopeSchema,
  VaultIntakeSchema,
} from '#shared/vault-intakes.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { corruptMac, makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertNfcTag, type TagKeys } from '#tests/factories/nfc.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

const VAULT_ADDRESS = 'Artchip Vault\n1 Test Street\nSpringfield, IL 62701\nUSA';

/** An owner holding a chip they bought and had shipped (with its tag), another user, and an admin. */
async function setUp(overrides: Parameters<typeof insertChip>[1] = {}, vaultAddress = VAULT_ADDRESS) {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  if (vaultAddress) {
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { vaultAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const creator = await insertUser(app.db);
  const owner = await insertUser(app.db);
  const other = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: creator.user.id,
    ownerId: owner.user.id,
    status: 'sold',
    custody: 'with_owner',
    priceCents: 5000,
    highestPriceCents: 5000,
    ...overrides,
  });
  const tag = await insertNfcTag(app, chip.id);
  return { app, admin, creator, owner, other, chip, tag };
}

const send = (app: App, token: string | null, chipId: number) =>
  injectAs(app, token, { method: 'POST', url: `/api/artchip/${chipId}/send-to-vault` });

const intake = (app: App, token: string | null, chipId: number, payload: Record<string, unknown>) =>
  injectAs(app, token, { method: 'POST', url: `/api/admin/artchip/${chipId}/intake`, payload });

/** The tap's parameters as the admin's intake screen sends them. */
function tapBody(tag: TagKeys, counter: number) {
  return Object.fromEntries(new URLSearchParams(makeSunTapQuery({ ...tag, counter })));
}

async function readChip(app: App, chipId: number) {
  const [row] = await app.db.select().from(chips).where(eq(chips.id, chipId));
  return row!;
}

async function eventTypes(app: App, chipId: number) {
  const rows = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, chipId));
  return rows.map((r) => r.type);
}

async function mailsTo(app: App, email: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

const errorOf = (res: { json: () => unknown }) => ApiErrorSchema.parse(res.json());

describe('send to the vault, and intake by tap', () => {
  it('owner sends → received → a fresh tap checks it in → the owner lists it → it sells', async () => {
    const { app, admin, owner, other, chip, tag } = await setUp();

    const sent = await send(app, owner.token, chip.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const shipment = VaultIntakeSchema.parse(sent.json());
    expect(shipment).toMatchObject({
      status: 'awaiting_arrival',
      vaultAddress: VAULT_ADDRESS,
      chipId: chip.id,
    });
    expect(shipment.reference).toMatch(/^VAULT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await readChip(app, chip.id)).custody).toBe('inbound');
    const [requested] = await mailsTo(app, owner.user.email);
    expect(requested!.text).toContain(shipment.reference);
    expect(requested!.text).toContain('1 Test Street');

    // The owner sees it on the chip; the chip's actions no longer offer a hand-over or another trip.
    const own = await injectAs(app, owner.token, {
      method: 'GET',
      url: `/api/artchip/${chip.id}/send-to-vault`,
    });
    expect(VaultIntakeEnvelopeSchema.parse(own.json()).intake?.reference).toBe(shipment.reference);
    const page = ChipSchema.parse(
      (await injectAs(app, owner.token, { method: 'GET', url: `/api/artchip/${chip.id}` })).json(),
    );
    expect(page.actions).toMatchObject({ sendToVault: false, handover: false, transfer: false, list: false });
    expect(errorOf(await send(app, owner.token, chip.id)).message).toBe(VAULT_INTAKE_OPEN_MESSAGE);

    const queue = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/vault-intakes' });
    expect(queue.json().items.map((i: { reference: string }) => i.reference)).toContain(shipment.reference);

    const received = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/intake/received`,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(VaultIntakeSchema.parse(received.json()).status).toBe('received');
    // Once the vault has it, the owner can no longer call it back.
    const cancel = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/artchip/${chip.id}/send-to-vault`,
    });
    expect(cancel.statusCode).toBe(409);

    const checked = await intake(app, admin.token, chip.id, tapBody(tag, 5));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(VaultIntakeSchema.parse(checked.json())).toMatchObject({ status: 'in_vault' });
    const row = await readChip(app, chip.id);
    expect(row.custody).toBe('in_vault');
    expect(row.ownerId).toBe(owner.user.id);
    expect(await eventTypes(app, chip.id)).toEqual(
      expect.arrayContaining(['vault_requested', 'vault_received', 'vault_checked_in']),
    );
    const subjects = (await mailsTo(app, owner.user.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Send your'),
        expect.stringContaining('has arrived'),
        expect.stringContaining('is in our vault'),
      ]),
    );

    // Listed like any vaulted chip, then bought by someone else.
    const listed = await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '80.00' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const checkout = await injectAs(app, other.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await injectAs(app, other.token, {
      method: 'POST',
      url: `/api/orders/${checkout.json().orderId}/complete`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await readChip(app, chip.id)).ownerId).toBe(other.user.id);
    // A first test pays for the app's and the mail templates' first load: slow on a busy machine.
  }, 90_000);

  it('refuses a tap of another chip, a replayed tap and a bad MAC; the right fresh tap then checks it in', async () => {
    const { app, admin, owner, creator, chip, tag } = await setUp();
    const otherChip = await insertChip(app.db, {
      creatorId: creator.user.id,
      custody: 'with_owner',
      status: 'sold',
    });
    const otherTag = await insertNfcTag(app, otherChip.id);
    expect((await send(app, owner.token, chip.id)).statusCode).toBe(201);

    const wrong = await intake(app, admin.token, chip.id, tapBody(otherTag, 3));
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).message).toBe(VAULT_TAP_OTHER_CHIP_MESSAGE);

    // A tap the owner made at home (counter 4) and someone kept: seen once through the tap page...
    const seen = makeSunTapQuery({ ...tag, counter: 4 });
    expect((await injectAs(app, null, { method: 'GET', url: `/api/artchip/tap?${seen}` })).statusCode).toBe(
      200,
    );
    // ...cannot check the chip in: it is no longer fresh.
    const replayed = await intake(app, admin.token, chip.id, Object.fromEntries(new URLSearchParams(seen)));
    expect(replayed.statusCode).toBe(422);
    expect(errorOf(replayed).message).toBe(VAULT_TAP_INVALID_MESSAGE);

    const forged = await intake(app, admin.token, chip.id, {
      url: `?${corruptMac(makeSunTapQuery({ ...tag, counter: 9 }))}`,
    });
    expect(forged.statusCode).toBe(422);
    expect(errorOf(forged).message).toBe(VAULT_TAP_INVALID_MESSAGE);
    expect((await readChip(app, chip.id)).custody).toBe('inbound');

    // The whole tapped URL, as the intake screen's phone reads it, with encrypted file data too.
    const fresh = await intake(app, admin.token, chip.id, {
      url: `https://artchip.test/?${makeSunTapQuery({ ...tag, counter: 10, form: 'picc-enc' })}`,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await readChip(app, chip.id)).custody).toBe('in_vault');
    // Twice is once: the same tap again finds nothing left to check in.
    const again = await intake(app, admin.token, chip.id, tapBody(tag, 11));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(VAULT_INTAKE_NONE_MESSAGE);
  });

  it('a refused parcel goes back to its owner with the reason, who is told', async () => {
    const { app, admin, owner, chip } = await setUp();
    expect((await send(app, owner.token, chip.id)).statusCode).toBe(201);
    const tooShort = await intake(app, admin.token, chip.id, { refuse: '' });
    expect(tooShort.statusCode).toBe(400);
    const refused = await intake(app, admin.token, chip.id, { refuse: 'The Artchip arrived damaged.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(VaultIntakeSchema.parse(refused.json())).toMatchObject({
      status: 'refused',
      refusalReason: 'The Artchip arrived damaged.',
    });
    expect((await readChip(app, chip.id)).custody).toBe('with_owner');
    expect(await eventTypes(app, chip.id)).toContain('vault_refused');
    const mails = await mailsTo(app, owner.user.email);
    expect(mails.find((m) => m.subject.includes('could not check'))?.text).toContain('arrived damaged');
    // It is theirs to hold again: they may send it once more.
    expect((await send(app, owner.token, chip.id)).statusCode).toBe(201);
  });

  it('the owner cancels before it arrives; only owners send, only admins check in', async () => {
    const { app, admin, owner, other, chip, tag } = await setUp();
    expect((await send(app, null, chip.id)).statusCode).toBe(401);
    const notOwner = await send(app, other.token, chip.id);
    expect(notOwner.statusCode).toBe(404);
    expect((await send(app, owner.token, 999_999)).statusCode).toBe(404);
    expect((await send(app, owner.token, 'abc' as unknown as number)).statusCode).toBe(400);

    expect((await send(app, owner.token, chip.id)).statusCode).toBe(201);
    expect((await intake(app, owner.token, chip.id, tapBody(tag, 3))).statusCode).toBe(403);
    expect((await intake(app, null, chip.id, tapBody(tag, 3))).statusCode).toBe(401);
    expect((await intake(app, admin.token, chip.id, { cmac: 'zz' })).statusCode).toBe(400);
    expect(
      (await injectAs(app, other.token, { method: 'GET', url: '/api/admin/vault-intakes' })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, other.token, { method: 'GET', url: `/api/artchip/${chip.id}/send-to-vault` }))
        .statusCode,
    ).toBe(404);

    const cancelled = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/artchip/${chip.id}/send-to-vault`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(VaultIntakeSchema.parse(cancelled.json()).status).toBe('cancelled');
    expect((await readChip(app, chip.id)).custody).toBe('with_owner');
    const [row] = await app.db
      .select()
      .from(vaultIntakes)
      .where(and(eq(vaultIntakes.chipId, chip.id), eq(vaultIntakes.status, 'cancelled')));
    expect(row).toBeDefined();
    // Nothing left to check in.
    expect(errorOf(await intake(app, admin.token, chip.id, tapBody(tag, 3))).message).toBe(
      VAULT_INTAKE_NONE_MESSAGE,
    );
  });

  it('only a chip its owner holds travels in, and only once the vault has an address', async () => {
    const vaulted = await setUp({ custody: 'in_vault', status: 'inactive' });
    const res = await send(vaulted.app, vaulted.owner.token, vaulted.chip.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toMatch(/can be sent to the vault/);

    const reported = await setUp({ reportStatus: 'lost' });
    expect((await send(reported.app, reported.owner.token, reported.chip.id)).statusCode).toBe(409);

    const noAddress = await setUp({}, '');
    const refused = await send(noAddress.app, noAddress.owner.token, noAddress.chip.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(VAULT_ADDRESS_MISSING_MESSAGE);
    expect((await readChip(noAddress.app, noAddress.chip.id)).custody).toBe('with_owner');
  });

  it('a chip on its way in cannot be handed over by tap', async () => {
    const { app, owner, chip } = await setUp();
    expect((await send(app, owner.token, chip.id)).statusCode).toBe(201);
    const res = await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/handover`,
      payload: { feePaidBy: 'owner', tapToken: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(409);
    expect([VAULT_INTAKE_OPEN_MESSAGE, HANDOVER_NOT_WITH_OWNER_MESSAGE]).toContain(errorOf(res).message);
  });
});
