import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { chipEvents } from '#server/modules/chips/chips.table.ts';
import { diversifyKeyAn10922 } from '#server/modules/nfc/an10922.ts';
import { nfcTaps } from '#server/modules/nfc/nfc.table.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  NfcProvisioningSchema,
  NfcTagEnvelopeSchema,
  NfcTagSchema,
  TapResultSchema,
  type TapResult,
} from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { corruptMac, makeSunTapQuery, type SunTapSpec } from '#tests/helpers/sun-tap.ts';
import {
  findTagRow,
  insertNfcTestChip,
  randomKeyHex,
  randomUid,
  setupTaggedChip,
} from '#tests/factories/nfc.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

/*
 * Tags switched to LRP mode (AN12304), end to end: registered and provisioned through the admin routes with
 * mode 'LRP', tapped with URLs this file generates with the tag's keys (tests/helpers/sun-tap.ts, mode 'LRP').
 */

const MASTER = '00112233445566778899AABBCCDDEEFF';

async function tap(app: App, query: string): Promise<TapResult> {
  const res = await app.inject({ method: 'GET', url: `/api/artchip/tap?${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return TapResultSchema.parse(res.json());
}

async function setup() {
  const app = await buildTestApp({ env: { NFC_MASTER_KEY: MASTER } });
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const chip = await insertNfcTestChip(app.db, creator.user.id);
  return { app, admin, creator, chip };
}

function lrpTag() {
  return {
    uid: randomUid(),
    mode: 'LRP' as const,
    metaReadKey: randomKeyHex(),
    fileReadKey: randomKeyHex(),
  };
}

async function tapRows(app: App, chipId: number) {
  const rows = await app.db.select().from(nfcTaps).where(eq(nfcTaps.chipId, chipId));
  return rows.sort((a, b) => a.id - b.id).map((r) => [r.status, r.counter, r.reason]);
}

describe('POST /api/admin/artchip/:id/nfc-tag with mode LRP', () => {
  it('registers an LRP tag, stores its mode, and its taps verify with advancing counters', async () => {
    const { app, admin, chip } = await setup();
    const body = lrpTag();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(NfcTagSchema.parse(res.json())).toMatchObject({ uid: body.uid, mode: 'LRP', lastCounter: -1 });
    expect((await findTagRow(app.db, body.uid))?.mode).toBe('LRP');
    const get = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
    });
    expect(NfcTagEnvelopeSchema.parse(get.json()).tag?.mode).toBe('LRP');

    // Every URL form the tag may be programmed with, counters rising as a real tag's do.
    const forms: NonNullable<SunTapSpec['form']>[] = ['picc', 'picc-enc', 'e', 'p', 'bulk', 'plain'];
    for (const [i, form] of forms.entries()) {
      const query = makeSunTapQuery({ ...body, counter: i + 1, form });
      if (form === 'picc') expect(query).toMatch(/^picc_data=[0-9A-F]{48}&cmac=[0-9A-F]{16}$/);
      const result = await tap(app, query);
      expect(result, form).toMatchObject({ status: 'authentic', uid: body.uid, counter: i + 1 });
      expect(result.chip?.id).toBe(chip.id);
    }
    // A counter above 65535 (three counter bytes in play).
    expect(await tap(app, makeSunTapQuery({ ...body, counter: 0x012345 }))).toMatchObject({
      status: 'authentic',
      counter: 0x012345,
    });
    expect((await findTagRow(app.db, body.uid))?.lastCounter).toBe(0x012345);
    const events = await app.db
      .select()
      .from(chipEvents)
      .where(and(eq(chipEvents.chipId, chip.id), eq(chipEvents.type, 'verified_tap')));
    expect(events).toHaveLength(1);
  });

  it('refuses an unknown mode in words, and only admins may register', async () => {
    const { app, admin, creator, chip } = await setup();
    const url = `/api/admin/artchip/${chip.id}/nfc-tag`;
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      payload: { ...lrpTag(), mode: 'lrp' },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).fieldErrors?.['mode']).toEqual(['Mode must be AES or LRP']);
    const user = await injectAs(app, creator.token, { method: 'POST', url, payload: lrpTag() });
    expect(user.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url, payload: lrpTag() })).statusCode).toBe(401);
  });
});

describe('GET /api/artchip/tap for an LRP tag', () => {
  it('catches a replay and a rolled-back counter, and a tampered MAC never moves the counter', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app, { mode: 'LRP' });
    const first = makeSunTapQuery({ ...tag, counter: 5 });
    expect(await tap(app, first)).toMatchObject({ status: 'authentic', counter: 5 });
    // The same URL again (reload, link preview, copied link).
    expect(await tap(app, first)).toMatchObject({ status: 'repeated', counter: 5 });
    // Same counter, fresh PICCRand and padding: still the same tap (SUN.md pitfall 7).
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 5 }))).status).toBe('repeated');
    // Counter rolled back: a recorded or cloned tap.
    expect(await tap(app, makeSunTapQuery({ ...tag, counter: 4 }))).toMatchObject({
      status: 'suspected_clone',
      counter: 4,
    });
    for (const form of ['picc', 'picc-enc', 'plain'] as const) {
      const forged = await tap(app, corruptMac(makeSunTapQuery({ ...tag, counter: 900, form })));
      expect(forged, form).toMatchObject({ status: 'invalid', uid: null, counter: null, chip: null });
    }
    // MACed with another file-read key: the right UID, but not this tag.
    const wrongKey = await tap(app, makeSunTapQuery({ ...tag, fileReadKey: randomKeyHex(), counter: 901 }));
    expect(wrongKey.status).toBe('invalid');
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(5);
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 6 }))).status).toBe('authentic');
    expect(await tapRows(app, chip.id)).toEqual([
      ['authentic', 5, null],
      ['repeated', 5, null],
      ['repeated', 5, null],
      ['suspected_clone', 4, null],
      ['invalid', null, 'bad_mac'],
      ['invalid', null, 'bad_mac'],
      ['invalid', null, 'bad_mac'],
      ['invalid', null, 'bad_mac'],
      ['authentic', 6, null],
    ]);
  });

  it('never verifies one mode with the other: AES taps of an LRP tag and LRP taps of an AES tag fail', async () => {
    const app = await buildTestApp();
    const { tag: lrp } = await setupTaggedChip(app, { mode: 'LRP' });
    const { tag: aes } = await setupTaggedChip(app, { metaReadKey: lrp.metaReadKey });
    // Same keys, wrong cipher: the PICCData length says AES, the tag is LRP.
    expect((await tap(app, makeSunTapQuery({ ...lrp, mode: 'AES', counter: 1 }))).status).toBe('unknown_tag');
    expect((await tap(app, makeSunTapQuery({ ...aes, mode: 'LRP', counter: 1 }))).status).toBe('unknown_tag');
    // A plain mirror has no PICCData: the stored mode decides, and the other mode's MAC does not verify.
    expect((await tap(app, makeSunTapQuery({ ...lrp, mode: 'AES', counter: 1, form: 'plain' }))).status).toBe(
      'invalid',
    );
    expect((await findTagRow(app.db, lrp.uid))?.lastCounter).toBe(-1);
    expect((await findTagRow(app.db, aes.uid))?.lastCounter).toBe(-1);
    // The genuine taps of both still verify.
    expect((await tap(app, makeSunTapQuery({ ...lrp, counter: 1 }))).status).toBe('authentic');
    expect((await tap(app, makeSunTapQuery({ ...aes, counter: 1 }))).status).toBe('authentic');
  });

  it('answers unknown_tag for 48-hex PICCData no registered key explains', async () => {
    const app = await buildTestApp();
    await setupTaggedChip(app, { mode: 'LRP' });
    const result = await tap(app, `picc_data=${'A'.repeat(48)}&cmac=94EED9EE65337086`);
    expect(result).toMatchObject({ status: 'unknown_tag', uid: null, counter: null, chip: null });
    const [row] = await app.db.select().from(nfcTaps);
    expect(row).toMatchObject({ status: 'unknown_tag', reason: 'bad_picc', tagId: null });
  });
});

describe('POST /api/admin/artchip/:id/nfc-tag/provision with mode LRP', () => {
  it('answers LRP SDM settings with a 48-hex PICCData slot, and the programmed tag verifies', async () => {
    const { app, admin, chip } = await setup();
    const uid = randomUid();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag/provision`,
      payload: { uid, mode: 'LRP' },
    });
    expect(res.statusCode).toBe(200);
    const p = NfcProvisioningSchema.parse(res.json());
    expect(p.tag).toMatchObject({ uid, mode: 'LRP', keySource: 'diversified' });
    expect(p.sdm.mode).toBe('LRP');
    expect(p.ndefUrl).toBe(`http://localhost:3000/?picc_data=${'0'.repeat(48)}&cmac=${'0'.repeat(16)}`);
    expect(p.sdm.sdmMacOffset - p.sdm.piccDataOffset).toBe(48 + '&cmac='.length);
    expect(p.notes[0]).toMatch(/cannot be switched back to AES/);

    // The programming station derives the keys; the tag overlays its LRP SUN data at the offsets.
    const master = Buffer.from(MASTER, 'hex');
    const metaReadKey = diversifyKeyAn10922(
      master,
      Buffer.from(p.keys.sdmMetaRead.diversificationInput, 'hex'),
    );
    const fileReadKey = diversifyKeyAn10922(
      master,
      Buffer.from(p.keys.sdmFileRead.diversificationInput, 'hex'),
    );
    const file = Buffer.from(p.ndefFileHex, 'hex');
    const tapQuery = makeSunTapQuery({ uid, metaReadKey, fileReadKey, mode: 'LRP', counter: 0 });
    const picc = /picc_data=([0-9A-F]{48})/.exec(tapQuery)![1]!;
    const mac = /cmac=([0-9A-F]{16})/.exec(tapQuery)![1]!;
    file.write(picc, p.sdm.piccDataOffset, 'ascii');
    file.write(mac, p.sdm.sdmMacOffset, 'ascii');
    const uri = file.subarray(7).toString('ascii');
    expect(await tap(app, uri.slice(uri.indexOf('?') + 1))).toMatchObject({
      status: 'authentic',
      counter: 0,
    });
  });

  it('refuses an unknown mode and keeps AES the default', async () => {
    const { app, admin, chip } = await setup();
    const url = `/api/admin/artchip/${chip.id}/nfc-tag/provision`;
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      payload: { uid: randomUid(), mode: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).message).toBe('Mode must be AES or LRP');
    const plain = await injectAs(app, admin.token, { method: 'POST', url, payload: { uid: randomUid() } });
    expect(NfcProvisioningSchema.parse(plain.json()).sdm.mode).toBe('AES');
  });
});
