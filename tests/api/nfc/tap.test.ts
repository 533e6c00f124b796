import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { chipEvents } from '#server/modules/chips/chips.table.ts';
import { nfcTaps } from '#server/modules/nfc/nfc.table.ts';
import { TapResultSchema, type TapResult } from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { corruptMac, makeSunTapQuery, type SunTapSpec } from '#tests/helpers/sun-tap.ts';
import {
  findTagRow,
  insertNfcTag,
  insertNfcTestChip,
  randomKeyHex,
  randomUid,
  setupTaggedChip,
} from '#tests/factories/nfc.ts';
import { insertUser } from '#tests/factories/users.ts';

async function tap(app: App, query: string): Promise<TapResult & { cacheControl: string | undefined }> {
  const res = await app.inject({ method: 'GET', url: `/api/artchip/tap?${query}` });
  expect(res.statusCode).toBe(200);
  return { ...TapResultSchema.parse(res.json()), cacheControl: res.headers['cache-control'] };
}

async function verifiedTapEvents(app: App, chipId: number) {
  return app.db
    .select()
    .from(chipEvents)
    .where(and(eq(chipEvents.chipId, chipId), eq(chipEvents.type, 'verified_tap')));
}

describe('GET /api/artchip/tap', () => {
  it('accepts a genuine tap: authentic, the chip, no-store, a tap row and a verified_tap event with the counter', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    const result = await tap(app, makeSunTapQuery({ ...tag, counter: 7 }));

    expect(result.status).toBe('authentic');
    expect(result.uid).toBe(tag.uid);
    expect(result.counter).toBe(7);
    expect(result.chip?.id).toBe(chip.id);
    expect(result.chip?.nfcUid).toBe(tag.uid);
    expect(result.cacheControl).toBe('no-store');
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(7);
    const events = await verifiedTapEvents(app, chip.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ counter: 7, uid: tag.uid });
    const taps = await app.db.select().from(nfcTaps).where(eq(nfcTaps.chipId, chip.id));
    expect(taps.map((t) => [t.status, t.counter])).toEqual([['authentic', 7]]);
  });

  it.each<[NonNullable<SunTapSpec['form']>]>([['picc'], ['picc-enc'], ['e'], ['p'], ['bulk'], ['plain']])(
    'verifies the %s URL form',
    async (form) => {
      const app = await buildTestApp();
      const { tag } = await setupTaggedChip(app);
      const result = await tap(app, makeSunTapQuery({ ...tag, counter: 0x10203, form }));
      expect(result).toMatchObject({ status: 'authentic', uid: tag.uid, counter: 0x10203 });
    },
  );

  it('accepts counter 0 on the first tap after provisioning', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 0 }))).status).toBe('authentic');
  });

  it('answers the same URL again with repeated, still showing the chip, without moving the counter', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    const query = makeSunTapQuery({ ...tag, counter: 3 });
    expect((await tap(app, query)).status).toBe('authentic');
    const again = await tap(app, query);
    expect(again).toMatchObject({ status: 'repeated', uid: tag.uid, counter: 3 });
    expect(again.chip?.id).toBe(chip.id);
    expect(again.cacheControl).toBe('no-store');
    // PICCData is re-randomised per read, but the counter is what counts (SUN.md pitfall 7).
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 3 }))).status).toBe('repeated');
    expect(await verifiedTapEvents(app, chip.id)).toHaveLength(1);
  });

  it('flags a lower counter than the last accepted one as suspected_clone', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    await tap(app, makeSunTapQuery({ ...tag, counter: 10 }));
    const old = await tap(app, makeSunTapQuery({ ...tag, counter: 9 }));
    expect(old).toMatchObject({ status: 'suspected_clone', uid: tag.uid, counter: 9 });
    expect(old.chip?.id).toBe(chip.id);
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(10);
  });

  it('refuses a bad MAC as invalid, without the chip, and never moves the counter', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    await tap(app, makeSunTapQuery({ ...tag, counter: 2 }));
    for (const form of ['picc', 'plain', 'picc-enc'] as const) {
      const forged = await tap(app, corruptMac(makeSunTapQuery({ ...tag, counter: 500, form })));
      expect(forged).toMatchObject({ status: 'invalid', uid: null, counter: null, chip: null });
    }
    // A tap MACed with another file-read key claims the right UID but cannot be genuine.
    const wrongKey = await tap(app, makeSunTapQuery({ ...tag, fileReadKey: randomKeyHex(), counter: 900 }));
    expect(wrongKey.status).toBe('invalid');
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(2);
    // So the genuine next tap is still accepted.
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 3 }))).status).toBe('authentic');
    const rows = await app.db.select().from(nfcTaps).where(eq(nfcTaps.chipId, chip.id));
    expect(rows.filter((r) => r.status === 'invalid').map((r) => [r.reason, r.counter])).toEqual([
      ['bad_mac', null],
      ['bad_mac', null],
      ['bad_mac', null],
      ['bad_mac', null],
    ]);
  });

  it.each([
    ['an empty query', ''],
    ['a short MAC', 'picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE6533'],
    ['a non-hex PICCData', 'picc_data=EF963FF7828658A599F3041510671EZZ&cmac=94EED9EE65337086'],
    // 32 hex = AES, 48 hex = LRP (tests/api/nfc/lrp.test.ts); anything else is no PICCData at all.
    ['a 40-hex PICCData', `picc_data=${'A'.repeat(40)}&cmac=94EED9EE65337086`],
    ['an extra parameter', 'picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086&utm=x'],
    ['a duplicate parameter', 'picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086&cmac=1'],
    ['a non-hex ctr', 'uid=041E3C8A2D6B80&ctr=00000G&cmac=4B00064004B0B3D3'],
    ['percent-encoded names', 'picc%5Fdata=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086'],
  ])('answers a malformed tap (%s) with invalid, not an error', async (_label, query) => {
    const app = await buildTestApp();
    await setupTaggedChip(app);
    const result = await tap(app, query);
    expect(result).toMatchObject({ status: 'invalid', uid: null, counter: null, chip: null });
    const [row] = await app.db.select().from(nfcTaps);
    expect(row).toMatchObject({ status: 'invalid', reason: 'malformed', tagId: null });
  });

  it('rejects a lower-cased URL (the MAC covers the exact text the tag sent)', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    const query = makeSunTapQuery({ ...tag, counter: 4, form: 'picc-enc' });
    expect((await tap(app, query.toLowerCase())).status).toBe('invalid');
    expect((await tap(app, query)).status).toBe('authentic');
  });

  it('answers unknown_tag for a UID no tag is registered for', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    const stranger = { ...tag, uid: randomUid() };
    // Same meta-read key (so the UID can be read) but no tag record.
    const sameMeta = await tap(app, makeSunTapQuery({ ...stranger, counter: 1 }));
    expect(sameMeta).toMatchObject({ status: 'unknown_tag', uid: stranger.uid, counter: null, chip: null });
    const plain = await tap(app, makeSunTapQuery({ ...stranger, counter: 1, form: 'plain' }));
    expect(plain).toMatchObject({ status: 'unknown_tag', uid: stranger.uid });
    // A meta-read key this site does not use: the UID cannot even be read.
    const foreign = await tap(app, makeSunTapQuery({ ...stranger, metaReadKey: randomKeyHex(), counter: 1 }));
    expect(foreign).toMatchObject({ status: 'unknown_tag', uid: null, chip: null });
  });

  it('answers unknown_tag when no tag exists at all', async () => {
    const app = await buildTestApp();
    const query = makeSunTapQuery({
      uid: randomUid(),
      metaReadKey: randomKeyHex(),
      fileReadKey: randomKeyHex(),
      counter: 1,
    });
    expect((await tap(app, query)).status).toBe('unknown_tag');
  });

  it('stops verifying a tag once the chip was given another one', async () => {
    const app = await buildTestApp();
    const { chip, tag, admin } = await setupTaggedChip(app);
    const replacement = await insertNfcTag(app, chip.id, {}, admin.user.id);
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 1 }))).status).toBe('unknown_tag');
    expect((await tap(app, makeSunTapQuery({ ...replacement, counter: 1 }))).status).toBe('authentic');
  });

  it('tells apart tags with different meta-read keys', async () => {
    const app = await buildTestApp();
    const first = await setupTaggedChip(app);
    const creator = await insertUser(app.db);
    const otherChip = await insertNfcTestChip(app.db, creator.user.id);
    const other = await insertNfcTag(app, otherChip.id);
    const a = await tap(app, makeSunTapQuery({ ...first.tag, counter: 1 }));
    const b = await tap(app, makeSunTapQuery({ ...other, counter: 1 }));
    expect([a.chip?.id, b.chip?.id]).toEqual([first.chip.id, otherChip.id]);
  });

  it('accepts exactly one of several concurrent taps with the same counter', async () => {
    const app = await buildTestApp();
    const { chip, tag } = await setupTaggedChip(app);
    const queries = Array.from({ length: 8 }, () => makeSunTapQuery({ ...tag, counter: 42 }));
    const results = await Promise.all(queries.map((q) => tap(app, q)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 'authentic')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'repeated')).toHaveLength(7);
    expect(await verifiedTapEvents(app, chip.id)).toHaveLength(1);
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(42);
  });

  it('accepts exactly one of concurrent taps with different counters racing past each other', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    const results = await Promise.all(
      [5, 6, 7, 5, 6, 7].map((counter) => tap(app, makeSunTapQuery({ ...tag, counter }))),
    );
    // Whatever the interleaving, the stored counter ends at the highest genuine one and 7 was accepted once.
    expect(results.filter((r) => r.status === 'authentic' && r.counter === 7)).toHaveLength(1);
    expect(results.filter((r) => r.status === 'authentic').length).toBeLessThanOrEqual(3);
    expect((await findTagRow(app.db, tag.uid))?.lastCounter).toBe(7);
  });

  it('follows a replay sequence', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    const sequence: [number, TapResult['status']][] = [
      [1, 'authentic'],
      [2, 'authentic'],
      [2, 'repeated'],
      [5, 'authentic'],
      [3, 'suspected_clone'],
      [5, 'repeated'],
      [0x10000, 'authentic'],
      [0xffff, 'suspected_clone'],
    ];
    const seen: string[] = [];
    for (const [counter] of sequence)
      seen.push((await tap(app, makeSunTapQuery({ ...tag, counter }))).status);
    expect(seen).toEqual(sequence.map(([, status]) => status));
  });

  it('passes the replay_sequence vectors of vectors.json', async () => {
    const fixture = JSON.parse(
      fs.readFileSync(new URL('../../fixtures/nfc/vectors.json', import.meta.url), 'utf8'),
    ) as {
      vectors: {
        id: string;
        kind: string;
        input: Record<string, unknown>;
        expected: Record<string, unknown>;
      }[];
    };
    const vectors = fixture.vectors.filter((v) => v.kind === 'replay_sequence' && v.input['mode'] === 'AES');
    expect(vectors.length).toBeGreaterThan(0);
    for (const vector of vectors) {
      const app = await buildTestApp();
      const taps = vector.input['taps'] as Record<string, string>[];
      const uid = taps[0]!['uid'] ?? randomUid();
      // Public vectors use factory keys, which the admin API refuses; register through the service.
      const creator = await insertUser(app.db);
      const chip = await insertNfcTestChip(app.db, creator.user.id);
      await insertNfcTag(app, chip.id, {
        uid,
        fileReadKey: vector.input['file_read_key'] as string,
        metaReadKey: (vector.input['meta_read_key'] as string | undefined) ?? randomKeyHex(),
      });
      const accepted: boolean[] = [];
      for (const t of taps) {
        const query = Object.entries(t)
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
        accepted.push((await tap(app, query)).status === 'authentic');
      }
      expect(accepted, vector.id).toEqual(vector.expected['accepted']);
    }
  });

  it('writes at most one verified_tap event per tag per 10 minutes', async () => {
    let now = new Date('2030-01-01T12:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { chip, tag } = await setupTaggedChip(app);
    await tap(app, makeSunTapQuery({ ...tag, counter: 1 }));
    now = new Date(now.getTime() + 9 * 60_000);
    expect((await tap(app, makeSunTapQuery({ ...tag, counter: 2 }))).status).toBe('authentic');
    expect(await verifiedTapEvents(app, chip.id)).toHaveLength(1);
    now = new Date(now.getTime() + 2 * 60_000);
    await tap(app, makeSunTapQuery({ ...tag, counter: 3 }));
    const events = await verifiedTapEvents(app, chip.id);
    expect(events.map((e) => e.data['counter']).sort()).toEqual([1, 3]);
  });

  it('shows a taken-down chip only to its creator, owner or an admin; others hear "authentic, unavailable"', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db);
    const chip = await insertNfcTestChip(app.db, creator.user.id, { status: 'removed' });
    const tag = await insertNfcTag(app, chip.id);
    const anonymous = await tap(app, makeSunTapQuery({ ...tag, counter: 1 }));
    expect(anonymous).toMatchObject({ status: 'authentic', counter: 1, chip: null, unavailable: true });
    const res = await injectAs(app, creator.token, {
      method: 'GET',
      url: `/api/artchip/tap?${makeSunTapQuery({ ...tag, counter: 2 })}`,
    });
    expect(TapResultSchema.parse(res.json())).toMatchObject({ status: 'authentic', chip: { id: chip.id } });
  });

  it('is public and never echoes a key', async () => {
    const app = await buildTestApp();
    const { tag } = await setupTaggedChip(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/artchip/tap?${makeSunTapQuery({ ...tag, counter: 1 })}`,
    });
    const body = res.body.toUpperCase();
    expect(body).not.toContain(tag.metaReadKey);
    expect(body).not.toContain(tag.fileReadKey);
  });
});
