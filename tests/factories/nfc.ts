import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { nfcKeyringFor } from '#server/modules/nfc/nfc-keys.ts';
import { setNfcTag } from '#server/modules/nfc/nfc-admin.service.ts';
import { nfcTags } from '#server/modules/nfc/nfc.table.ts';
import { TapResultSchema } from '#shared/nfc.schemas.ts';
import { injectAs } from '#tests/helpers/app.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertAdmin, insertUser } from './users.ts';

let seq = 0;

/** A random 7-byte UID starting with 04 (NXP), upper-case hex. */
export function randomUid(): string {
  return `04${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** A random AES-128 key, upper-case hex. */
export function randomKeyHex(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** Inserts a chip with just the columns NFC needs (creator, title, slug, unit ID). */
export async function insertNfcTestChip(
  db: Db,
  creatorId: number,
  overrides: Partial<typeof chips.$inferInsert> = {},
) {
  const n = (seq++).toString(36) + Date.now().toString(36);
  const [chip] = await db
    .insert(chips)
    .values({
      creatorId,
      ownerId: creatorId,
      title: `Chip ${n}`,
      slug: `chip-${n}`,
      unitId: String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999)),
      status: 'active',
      priceCents: 2500,
      ...overrides,
    })
    .returning();
  return chip!;
}

/** A tag's identity and keys; `mode` travels with them so `makeSunTapQuery({ ...tag, counter })` matches. */
export type TagKeys = { uid: string; metaReadKey: string; fileReadKey: string; mode: 'AES' | 'LRP' };

/**
 * Registers a tag for a chip through the service (no HTTP, so tests may use keys the API refuses,
 * such as the all-zero keys of public vectors).
 */
export async function insertNfcTag(
  app: App,
  chipId: number,
  keys: Partial<TagKeys> = {},
  adminId?: number,
): Promise<TagKeys> {
  const tag: TagKeys = {
    uid: randomUid(),
    metaReadKey: randomKeyHex(),
    fileReadKey: randomKeyHex(),
    mode: 'AES',
    ...keys,
  };
  await setNfcTag(app.db, {
    chipId,
    adminId: adminId ?? (await insertAdmin(app.db)).user.id,
    keyring: nfcKeyringFor(app.config),
    input: tag,
  });
  return tag;
}

/** An admin, a creator with one chip, and a tag on it: the usual starting point of NFC tests. */
export async function setupTaggedChip(app: App, keys: Partial<TagKeys> = {}) {
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const chip = await insertNfcTestChip(app.db, creator.user.id);
  const tag = await insertNfcTag(app, chip.id, keys, admin.user.id);
  return { admin, creator, chip, tag };
}

/** The stored tag row (for asserting counters and sealed keys). */
export async function findTagRow(db: Db, uid: string) {
  const [row] = await db.select().from(nfcTags).where(eq(nfcTags.uid, uid));
  return row ?? null;
}

/** A genuine tap of the tag at `counter` through GET /api/artchip/tap, as `token` (or a visitor). */
export async function tapChip(app: App, tag: TagKeys, counter: number, token?: string) {
  const res = await injectAs(app, token, {
    method: 'GET',
    url: `/api/artchip/tap?${makeSunTapQuery({ ...tag, counter })}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return TapResultSchema.parse(res.json());
}
