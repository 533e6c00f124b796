import crypto from 'node:crypto';
import { BRAND } from '#shared/brand.ts';
import { CHIP_NOT_FOUND_MESSAGE, type ChipEventType } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { MediaRow, PlacedDisc } from '#server/modules/media/index.ts';
import { discColumns } from './chip-photos.service.ts';
import {
  findUnitId,
  insertChipEvent,
  insertChipRow,
  listSimilarSlugs,
  setUnitIdIfMissing,
  type ChipEventRow,
  type ChipRow,
  type NewChipRow,
} from './chips.repo.ts';

/**
 * Writing chips and their provenance inside a caller's transaction: used by admin (create chip),
 * commerce (chips from paid mint orders, sales) and the demo seed. Re-exported by chips.service.ts.
 */

const MAX_ATTEMPTS = 8;

/** NFC UIDs are kept as upper-case hex without separators ("04A1B2C3D4E5F6"). */
export function normalizeNfcUid(uid: string): string {
  return uid.replace(/:/g, '').toUpperCase();
}

/** "My Chip: Édition #1" → "my-chip-edition-1"; never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || BRAND.slug;
}

/** The first free slug for this creator: `base`, then `base-2`, `base-3`, … */
export function nextFreeSlug(base: string, taken: string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** 14 random digits, never starting with 0 (so the ID survives being read as a number). */
export function randomUnitId(): string {
  return String(crypto.randomInt(10_000_000_000_000, 100_000_000_000_000));
}

/** The constraint a unique violation hit ('' if unknown), or null when `err` is something else. */
function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
    if (pg.code === '23505') {
      return typeof pg.constraint === 'string' ? pg.constraint : `${String(pg.detail)} ${String(pg.message)}`;
    }
  }
  return null;
}

/**
 * Gives a chip its 14-digit unit ID if it has none; returns the chip's unit ID. Random rather than
 * sequential so IDs cannot be guessed; a collision with an existing ID retries with new digits.
 */
export async function assignUnitId(tx: Db, chipId: number): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findUnitId(tx, chipId);
    if (existing === undefined) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    if (existing) return existing;
    const unitId = randomUnitId();
    try {
      // A savepoint, so a unique violation does not abort the caller's transaction.
      if (await tx.transaction((sp) => setUnitIdIfMissing(sp, chipId, unitId))) return unitId;
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
    }
  }
  throw new Error(`could not assign a unit ID to chip ${chipId}`);
}

/** What createChipRecord needs; slug defaults to the title's, `image` fills the main image fields. */
export type CreateChipRecordInput = Omit<NewChipRow, 'id' | 'slug' | 'unitId' | 'updatedAt'> & {
  slug?: string | null;
  image?: MediaRow | null;
  /** The chip as it will be made (media's renderPlacedDisc of the image, shape and crop). */
  disc?: PlacedDisc | null;
  /** Who the `minted` event names (the admin or the paying creator); defaults to the creator. */
  actorUserId?: number | null;
  orderId?: number | null;
};

/**
 * Creates a chip with a unique per-creator slug and a random unit ID, and records its `minted` event,
 * all inside the caller's transaction. Used by admin (create chip) and commerce (paid mint orders).
 */
export async function createChipRecord(tx: Db, input: CreateChipRecordInput): Promise<ChipRow> {
  const { slug: wantedSlug, image, disc, actorUserId, orderId, ...rest } = input;
  const base = slugify(wantedSlug || input.title);
  const values: Omit<NewChipRow, 'slug' | 'unitId'> = {
    ...rest,
    ownerId: rest.ownerId === undefined ? rest.creatorId : rest.ownerId,
    highestPriceCents: rest.highestPriceCents ?? 0,
    nfcUid: rest.nfcUid ? normalizeNfcUid(rest.nfcUid) : rest.nfcUid,
    ...(image
      ? {
          imageUrl: image.variants[image.variants.length - 1]?.url ?? image.originalUrl,
          originalImageUrl: image.originalUrl,
          imageVariants: image.variants,
          imageWidth: image.width,
          imageHeight: image.height,
        }
      : {}),
    ...discColumns(disc),
  };
  let unitId = randomUnitId();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const slug = nextFreeSlug(base, await listSimilarSlugs(tx, rest.creatorId, base));
    let row: ChipRow;
    try {
      row = await tx.transaction((sp) => insertChipRow(sp, { ...values, slug, unitId }));
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      // A concurrent insert took the slug, or (astronomically rarely) the unit ID: pick again.
      if (constraint.includes('nfc_uid')) {
        throw new AppError('CONFLICT', `This NFC UID is already assigned to another ${BRAND.name}.`);
      }
      if (constraint.includes('unit_id')) unitId = randomUnitId();
      else if (!constraint.includes('slug')) throw err;
      continue;
    }
    await recordChipEvent(tx, {
      chipId: row.id,
      type: 'minted',
      actorUserId: actorUserId === undefined ? row.creatorId : actorUserId,
      orderId: orderId ?? row.sourceOrderId,
    });
    return row;
  }
  throw new AppError('CONFLICT', 'Could not create the chip; please try again.');
}

/** Appends a provenance event for a chip, inside the caller's transaction. */
export async function recordChipEvent(
  tx: Db,
  event: {
    chipId: number;
    type: ChipEventType;
    actorUserId?: number | null;
    orderId?: number | null;
    data?: Record<string, unknown>;
  },
): Promise<ChipEventRow> {
  return insertChipEvent(tx, {
    chipId: event.chipId,
    type: event.type,
    actorUserId: event.actorUserId ?? null,
    orderId: event.orderId ?? null,
    data: event.data ?? {},
  });
}
