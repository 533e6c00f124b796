import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { diversifyKeyAn10922 } from '#server/modules/nfc/an10922.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  NfcProvisioningSchema,
  NfcTagEnvelopeSchema,
  NfcTagSchema,
  NfcTapListSchema,
  TapResultSchema,
} from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import {
  findTagRow,
  insertNfcTestChip,
  randomKeyHex,
  randomUid,
  setupTaggedChip,
} from '#tests/factories/nfc.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

const MASTER = '00112233445566778899AABBCCDDEEFF';

async function setup(env: Record<string, string> = { NFC_MASTER_KEY: MASTER }) {
  const app = await buildTestApp({ env });
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const chip = await insertNfcTestChip(app.db, creator.user.id);
  return { app, admin, creator, chip };
}

function tagBody(overrides: Record<string, unknown> = {}) {
  return {
    uid: randomUid(),
    mode: 'AES' as const,
    metaReadKey: randomKeyHex(),
    fileReadKey: randomKeyHex(),
    ...overrides,
  };
}

async function tapStatus(app: App, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/artchip/tap?${query}` });
  return TapResultSchema.parse(res.json()).status;
}

describe('admin NFC routes: who may call them', () => {
  // Valid requests, so only the session decides (auth runs after schema validation).
  const routes: [string, 'GET' | 'POST', string, object | undefined][] = [
    ['get tag', 'GET', '/nfc-tag', undefined],
    ['set tag', 'POST', '/nfc-tag', tagBody()],
    ['provision', 'POST', '/nfc-tag/provision', { uid: randomUid() }],
    ['reset counter', 'POST', '/nfc-tag/reset-counter', undefined],
    ['taps', 'GET', '/taps', undefined],
    ['production sheet', 'GET', '', undefined],
  ];

  it.each(routes)(
    '%s answers 401 without a session and 403 for a non-admin',
    async (_name, method, path, payload) => {
      const { app, creator, chip } = await setup();
      const url = path
        ? `/api/admin/artchip/${chip.id}${path}`
        : `/api/admin/production-sheet?chipIds=${chip.id}`;
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');
      const user = await injectAs(app, creator.token, { method, url, payload });
      expect(user.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(user.json()).code).toBe('FORBIDDEN');
    },
  );
});

describe('POST /api/admin/artchip/:id/nfc-tag', () => {
  it('stores the tag with sealed keys, sets chips.nfc_uid and never returns a key', async () => {
    const { app, admin, chip } = await setup();
    const body = tagBody();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
      payload: { ...body, uid: body.uid.toLowerCase(), metaReadKey: body.metaReadKey.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    const tag = NfcTagSchema.parse(res.json());
    expect(tag).toMatchObject({
      chipId: chip.id,
      uid: body.uid,
      mode: 'AES',
      keySource: 'supplied',
      lastCounter: -1,
    });
    expect(res.body.toUpperCase()).not.toContain(body.metaReadKey);
    expect(res.body.toUpperCase()).not.toContain(body.fileReadKey);
    expect(Object.keys(res.json<object>())).not.toContain('metaReadKey');

    const row = (await findTagRow(app.db, body.uid))!;
    for (const sealed of [row.metaReadKeyEnc, row.fileReadKeyEnc]) {
      expect(sealed).toMatch(/^v1:/);
      expect(sealed.toUpperCase()).not.toContain(body.metaReadKey);
      expect(sealed.toUpperCase()).not.toContain(body.fileReadKey);
    }
    const [chipRow] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(chipRow!.nfcUid).toBe(body.uid);
    const audit = await app.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(['nfc_tag.set']);
    expect(JSON.stringify(audit).toUpperCase()).not.toContain(body.fileReadKey);

    // The stored keys verify a tap.
    expect(await tapStatus(app, makeSunTapQuery({ ...body, counter: 1 }))).toBe('authentic');
    const get = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
    });
    expect(NfcTagEnvelopeSchema.parse(get.json()).tag).toMatchObject({ uid: body.uid, lastCounter: 1 });
  });

  it.each([
    ['uid', { uid: '04AB' }, 'UID must be 14 hex characters (7 bytes)'],
    ['uid', { uid: undefined }, 'UID is required'],
    ['metaReadKey', { metaReadKey: 'xyz' }, 'Meta-read key must be 32 hex characters'],
    ['fileReadKey', { fileReadKey: undefined }, 'File-read key is required'],
    [
      'fileReadKey',
      { fileReadKey: '0'.repeat(32) },
      'File-read key must not be the factory default (all zeros)',
    ],
    ['mode', { mode: 'DES' }, 'Mode must be AES or LRP'],
  ])('refuses a bad %s: %j', async (field, overrides, message) => {
    const { app, admin, chip } = await setup();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
      payload: tagBody(overrides),
    });
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors?.[field]).toEqual([message]);
  });

  it('answers 404 for an unknown chip and 409 for a UID already on another chip', async () => {
    const { app, admin, chip, creator } = await setup();
    const missing = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/admin/artchip/999999/nfc-tag',
      payload: tagBody(),
    });
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).message).toBe('Artchip not found');

    const body = tagBody();
    await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
      payload: body,
    });
    const other = await insertNfcTestChip(app.db, creator.user.id);
    const taken = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${other.id}/nfc-tag`,
      payload: tagBody({ uid: body.uid }),
    });
    expect(taken.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(taken.json())).toMatchObject({
      code: 'CONFLICT',
      message: 'This NFC UID is already assigned to another Artchip',
    });
    // A UID typed on a chip by hand (chips.nfc_uid) counts too.
    const manual = await insertNfcTestChip(app.db, creator.user.id, { nfcUid: '04AABBCCDDEEFF' });
    const clash = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${other.id}/nfc-tag`,
      payload: tagBody({ uid: manual.nfcUid }),
    });
    expect(clash.statusCode).toBe(409);
  });

  it('replacing the keys of a tag restarts its counter (the tag was re-programmed)', async () => {
    const { app, admin, chip } = await setup();
    const first = tagBody();
    const url = `/api/admin/artchip/${chip.id}/nfc-tag`;
    await injectAs(app, admin.token, { method: 'POST', url, payload: first });
    await tapStatus(app, makeSunTapQuery({ ...first, counter: 9 }));
    const second = { ...first, fileReadKey: randomKeyHex() };
    const res = await injectAs(app, admin.token, { method: 'POST', url, payload: second });
    expect(NfcTagSchema.parse(res.json()).lastCounter).toBe(-1);
    expect(await tapStatus(app, makeSunTapQuery({ ...first, counter: 10 }))).toBe('invalid');
    expect(await tapStatus(app, makeSunTapQuery({ ...second, counter: 1 }))).toBe('authentic');
  });
});

describe('POST /api/admin/artchip/:id/nfc-tag/provision', () => {
  it('diversifies the keys with AN10922 and returns the SDM settings, never a key', async () => {
    const { app, admin, chip } = await setup();
    const uid = randomUid();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag/provision`,
      payload: { uid },
    });
    expect(res.statusCode).toBe(200);
    const p = NfcProvisioningSchema.parse(res.json());
    expect(p.tag).toMatchObject({ uid, chipId: chip.id, keySource: 'diversified', lastCounter: -1 });
    expect(p.urlTemplate).toBe('http://localhost:3000/?picc_data={PICCData}&cmac={MAC}');
    expect(p.tag.urlTemplate).toBe(p.urlTemplate);
    expect(p.masterKeySource).toBe('NFC_MASTER_KEY');
    expect(p.sdm).toMatchObject({
      mode: 'AES',
      sdmMetaReadKey: 1,
      sdmFileReadKey: 2,
      uidMirror: true,
      readCtrMirror: true,
    });
    expect(p.keys.sdmFileRead.diversificationInput.startsWith(uid)).toBe(true);

    // The programming station: master key + diversification inputs → the keys the tag gets.
    const master = Buffer.from(MASTER, 'hex');
    const metaReadKey = diversifyKeyAn10922(
      master,
      Buffer.from(p.keys.sdmMetaRead.diversificationInput, 'hex'),
    );
    const fileReadKey = diversifyKeyAn10922(
      master,
      Buffer.from(p.keys.sdmFileRead.diversificationInput, 'hex'),
    );
    const body = res.body.toUpperCase();
    expect(body).not.toContain(metaReadKey.toString('hex').toUpperCase());
    expect(body).not.toContain(fileReadKey.toString('hex').toUpperCase());
    expect(body).not.toContain(MASTER);

    // The tag's NDEF file, with SUN data overlaid at the given offsets, is a URL this server accepts.
    const file = Buffer.from(p.ndefFileHex, 'hex');
    const tapQuery = makeSunTapQuery({ uid, metaReadKey, fileReadKey, counter: 1 });
    const picc = /picc_data=([0-9A-F]{32})/.exec(tapQuery)![1]!;
    const mac = /cmac=([0-9A-F]{16})/.exec(tapQuery)![1]!;
    file.write(picc, p.sdm.piccDataOffset, 'ascii');
    file.write(mac, p.sdm.sdmMacOffset, 'ascii');
    const uri = file.subarray(7).toString('ascii');
    expect(`http://${uri}`).toBe(`http://localhost:3000/?picc_data=${picc}&cmac=${mac}`);
    expect(await tapStatus(app, uri.slice(uri.indexOf('?') + 1))).toBe('authentic');
  });

  it('works without NFC_MASTER_KEY, from the per-install key file, and says so', async () => {
    const { app, admin, chip } = await setup({});
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag/provision`,
      payload: { uid: randomUid() },
    });
    expect(NfcProvisioningSchema.parse(res.json()).masterKeySource).toBe('install-key-file');
  });

  it('validates the UID and the chip', async () => {
    const { app, admin } = await setup();
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/admin/artchip/1/nfc-tag/provision',
      payload: { uid: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).message).toBe('UID must be 14 hex characters (7 bytes)');
    const missing = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/admin/artchip/424242/nfc-tag/provision',
      payload: { uid: randomUid() },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/artchip/:id/nfc-tag/reset-counter', () => {
  it('lets a re-programmed tag (counter back to 0) verify again', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    const admin = await insertAdmin(app.db);
    await tapStatus(app, makeSunTapQuery({ ...tag, counter: 30 }));
    expect(await tapStatus(app, makeSunTapQuery({ ...tag, counter: 0 }))).toBe('suspected_clone');
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag/reset-counter`,
    });
    expect(res.statusCode).toBe(200);
    expect(NfcTagSchema.parse(res.json()).lastCounter).toBe(-1);
    expect(await tapStatus(app, makeSunTapQuery({ ...tag, counter: 0 }))).toBe('authentic');
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'nfc_tag.reset_counter'));
    expect(audit[0]).toMatchObject({ before: { lastCounter: 30 }, after: { lastCounter: -1 } });
  });

  it('answers 404 when the chip has no tag', async () => {
    const { app, admin, chip } = await setup();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag/reset-counter`,
    });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('This Artchip has no NFC tag');
  });
});

describe('GET /api/admin/artchip/:id/nfc-tag and /taps', () => {
  it('lists the chip taps newest first with their status', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    const admin = await insertAdmin(app.db);
    const query = makeSunTapQuery({ ...tag, counter: 4 });
    for (const q of [query, query, makeSunTapQuery({ ...tag, counter: 2 })]) await tapStatus(app, q);
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/artchip/${chip.id}/taps`,
    });
    expect(res.statusCode).toBe(200);
    const { items } = NfcTapListSchema.parse(res.json());
    expect(items.map((t) => [t.status, t.counter, t.uid])).toEqual([
      ['suspected_clone', 2, tag.uid],
      ['repeated', 4, tag.uid],
      ['authentic', 4, tag.uid],
    ]);
  });

  it('answers tag null for a chip without a tag, 404 for no chip', async () => {
    const { app, admin, chip } = await setup();
    const none = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
    });
    expect(NfcTagEnvelopeSchema.parse(none.json())).toEqual({ tag: null });
    const missing = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/artchip/77777/taps' });
    expect(missing.statusCode).toBe(404);
  });
});
