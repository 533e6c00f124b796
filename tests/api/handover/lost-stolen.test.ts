// Issue 15: lost and stolen chips. The owner reports a chip; every tap and its page say so, it cannot be
// listed, bought, offered on or claimed until cleared, and whoever holds it can write to the owner.
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { AdminChipPageSchema } from '#shared/admin.schemas.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { REPORT_NOT_REPORTED_MESSAGE, reportedMessage, TapHistorySchema } from '#shared/handovers.schemas.ts';
import { TapResultSchema } from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertNfcTag, type TagKeys } from '#tests/factories/nfc.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { latestMailTo } from '#tests/factories/auth.ts';

async function setUp(overrides: Parameters<typeof insertChip>[1] = {}) {
  const app = await buildTestApp();
  const owner = await insertUser(app.db);
  const finder = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: owner.user.id, ...overrides });
  const tag = await insertNfcTag(app, chip.id);
  return { app, owner, finder, chip, tag };
}

function report(app: App, token: string | null, chipId: number, payload: object) {
  return injectAs(app, token, { method: 'POST', url: `/api/artchip/${chipId}/report`, payload });
}

async function tap(app: App, tag: TagKeys, counter: number, token?: string) {
  const res = await injectAs(app, token, {
    method: 'GET',
    url: `/api/artchip/tap?${makeSunTapQuery({ ...tag, counter })}`,
  });
  return TapResultSchema.parse(res.json());
}

const errorOf = (res: { json: () => unknown }) => ApiErrorSchema.parse(res.json());

describe('POST /api/artchip/:id/report', () => {
  it('a reported listed chip comes off the market; taps and its page say so; purchase, offers and listing are refused', async () => {
    const { app, owner, finder, chip, tag } = await setUp();
    const res = await report(app, owner.token, chip.id, { status: 'stolen' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({ reportStatus: 'stolen', status: 'inactive' });

    const tapped = await tap(app, tag, 1);
    expect(tapped.status).toBe('authentic');
    expect(tapped.chip?.reportStatus).toBe('stolen');
    const page = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}` });
    expect(ChipSchema.parse(page.json()).reportStatus).toBe('stolen');

    const stolen = reportedMessage('stolen');
    const bought = await injectAs(app, finder.token, {
      method: 'POST',
      url: '/api/purchase',
      payload: { productId: chip.id },
    });
    expect(bought.statusCode).toBe(409);
    expect(errorOf(bought).message).toBe(stolen);
    const offered = await injectAs(app, finder.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/offers`,
      payload: { amountUsd: '20.00' },
    });
    expect(offered.statusCode).toBe(409);
    expect(errorOf(offered).message).toBe(stolen);
    const listed = await injectAs(app, owner.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: true },
    });
    expect(listed.statusCode).toBe(409);
    expect(errorOf(listed).message).toBe(stolen);

    // Cleared, the owner can list it again.
    const cleared = await report(app, owner.token, chip.id, { status: 'none' });
    expect(ChipSchema.parse(cleared.json()).reportStatus).toBeNull();
    const relisted = await injectAs(app, owner.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: true },
    });
    expect(relisted.statusCode, relisted.body).toBe(200);
  });

  it('a reported chip being handed over: the tap says so and gives no claim; an issued claim is refused', async () => {
    const { app, owner, finder, chip, tag } = await setUp({ status: 'sold', custody: 'with_owner' });
    // The owner opens the handover from their own tap (decision 038).
    const ownerTap = await tap(app, tag, 1, owner.token);
    await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/handover`,
      payload: { feePaidBy: 'claimant', tapToken: ownerTap.handoverTap?.token },
    });
    const before = await tap(app, tag, 2);
    expect(before.claim).not.toBeNull();
    await report(app, owner.token, chip.id, { status: 'lost' });
    const after = await tap(app, tag, 3);
    expect(after).toMatchObject({ claim: null, claimMessage: reportedMessage('lost') });
    expect(after.chip?.reportStatus).toBe('lost');
    const claimed = await injectAs(app, finder.token, {
      method: 'POST',
      url: '/api/artchip/claim',
      payload: { token: before.claim!.token },
    });
    expect(claimed.statusCode).toBe(409);
    expect(errorOf(claimed).message).toBe(reportedMessage('lost'));
    // Cancelled, a reported chip cannot be put up for a handover again until cleared.
    await injectAs(app, owner.token, { method: 'DELETE', url: `/api/artchip/${chip.id}/handover` });
    const restarted = await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/handover`,
      payload: { feePaidBy: 'claimant' },
    });
    expect(restarted.statusCode).toBe(409);
    expect(errorOf(restarted).message).toBe(reportedMessage('lost'));
  });

  it('is the owner’s only, with a known status', async () => {
    const { app, owner, finder, chip } = await setUp();
    expect((await report(app, null, chip.id, { status: 'lost' })).statusCode).toBe(401);
    expect((await report(app, finder.token, chip.id, { status: 'lost' })).statusCode).toBe(404);
    const bad = await report(app, owner.token, chip.id, { status: 'misplaced' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fieldErrors?.status?.[0]).toBe("Status must be 'lost', 'stolen' or 'none'");
    // A made chip never listed is its owner's to report too (decision 062).
    const pending = await insertChip(app.db, { creatorId: owner.user.id, status: 'pending' });
    expect((await report(app, owner.token, pending.id, { status: 'lost' })).statusCode).toBe(200);
  });
});

describe('POST /api/artchip/:id/message-owner', () => {
  it('mails the owner of a reported chip without revealing their address', async () => {
    const { app, owner, finder, chip } = await setUp();
    const url = `/api/artchip/${chip.id}/message-owner`;
    const early = await injectAs(app, finder.token, {
      method: 'POST',
      url,
      payload: { message: 'Found it' },
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(REPORT_NOT_REPORTED_MESSAGE);

    await report(app, owner.token, chip.id, { status: 'lost' });
    const sent = await app.inject({
      method: 'POST',
      url,
      payload: { message: 'I found it on the bus.', contact: 'finder@example.com' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true });
    expect(sent.body).not.toContain(owner.user.email);
    const mail = await latestMailTo(app.db, owner.user.email, 'chip-found-message');
    expect(mail?.text).toContain('I found it on the bus.');
    expect(mail?.text).toContain('finder@example.com');

    const empty = await app.inject({ method: 'POST', url, payload: { message: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fieldErrors?.message?.[0]).toBe('Message is required');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/artchip/999999/message-owner',
      payload: { message: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is rate-limited', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    const owner = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: owner.user.id });
    await report(app, owner.token, chip.id, { status: 'stolen' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/artchip/${chip.id}/message-owner`,
        payload: { message: `Message ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('GET /api/artchip/:id/tap-history', () => {
  it('counts verified taps and the last one, never where; a hidden chip is not found', async () => {
    const { app, owner, chip, tag } = await setUp();
    const url = `/api/artchip/${chip.id}/tap-history`;
    expect(TapHistorySchema.parse((await app.inject({ method: 'GET', url })).json())).toEqual({
      verifiedTaps: 0,
      lastVerifiedAt: null,
    });
    await tap(app, tag, 1);
    await tap(app, tag, 1); // repeated: not counted
    await tap(app, tag, 2);
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('no-store');
    const history = TapHistorySchema.parse(res.json());
    expect(history.verifiedTaps).toBe(2);
    expect(history.lastVerifiedAt).not.toBeNull();
    expect(Object.keys(res.json<object>()).sort()).toEqual(['lastVerifiedAt', 'verifiedTaps']);

    const hidden = await insertChip(app.db, { creatorId: owner.user.id, status: 'removed' });
    const notFound = await app.inject({ method: 'GET', url: `/api/artchip/${hidden.id}/tap-history` });
    expect(notFound.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/artchip/x/tap-history' })).statusCode).toBe(400);
  });
});

describe('admin: reported chips', () => {
  it('lists only reported chips with ?reported=true', async () => {
    const { app, owner, chip } = await setUp();
    const other = await insertChip(app.db, { creatorId: owner.user.id });
    await report(app, owner.token, chip.id, { status: 'stolen' });
    const admin = await insertAdmin(app.db);
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/artchip?reported=true' });
    expect(res.statusCode, res.body).toBe(200);
    const page = AdminChipPageSchema.parse(res.json());
    expect(page.items.find((c) => c.id === chip.id)?.reportStatus).toBe('stolen');
    const ids = page.items.map((c) => c.id);
    expect(ids).toContain(chip.id);
    expect(ids).not.toContain(other.id);
    const forbidden = await injectAs(app, owner.token, {
      method: 'GET',
      url: '/api/admin/artchip?reported=true',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
