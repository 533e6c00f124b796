import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { BRAND } from '#shared/brand.ts';
import { CHIP_NOT_FOUND_MESSAGE, MAX_CHIP_PHOTOS, type ChipPhoto } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import {
  placedDiscKey,
  renderPlacedDisc,
  type MediaRow,
  type PlacedDisc,
} from '#server/modules/media/index.ts';
import { lockChip, type ChipRow } from './chips.repo.ts';
import { chipPhotos, chips } from './chips.table.ts';

/**
 * What a chip looks like: its placed disc (media's renderPlacedDisc, made when the chip is made and
 * again when its artwork or design changes) and the admin's photographs of the real disc.
 */

type ChipPhotoRow = typeof chipPhotos.$inferSelect;

const TOO_MANY_PHOTOS_MESSAGE = `An ${BRAND.name} can have at most ${MAX_CHIP_PHOTOS} photographs.`;

/** The chip columns a placed disc fills (none when there is no disc: the artwork is shown). */
export function discColumns(disc: PlacedDisc | null | undefined): Partial<ChipRow> {
  if (!disc) return {};
  return { discUrl: disc.url, discVariants: disc.variants, discShareUrl: disc.shareUrl, discKey: disc.key };
}

/** The columns that forget a chip's disc (its artwork changed and no disc could be made of it). */
export const NO_DISC = {
  discUrl: null,
  discVariants: [],
  discShareUrl: null,
  discKey: null,
} satisfies Partial<ChipRow>;

/**
 * Chips made before placed discs existed (migration 0021), or whose disc could not be made then,
 * get theirs: a few per run, by a background task, oldest first. A chip whose artwork gives no disc
 * (an outside URL, a file no longer stored) keeps its artwork and is marked tried with the design's
 * key, so it is not tried again until its design changes. An admin's edit meanwhile wins: the update
 * applies only while the chip still has no key and the same artwork. Returns how many were done.
 */
export async function backfillPlacedDiscs(ctx: ServiceContext, limit = 5): Promise<number> {
  const waiting = await ctx.db
    .select({ id: chips.id, artworkUrl: chips.originalImageUrl, shape: chips.shape, crop: chips.crop })
    .from(chips)
    .where(and(isNull(chips.discKey), isNotNull(chips.originalImageUrl)))
    .orderBy(asc(chips.id))
    .limit(limit);
  for (const chip of waiting) {
    const design = { shape: chip.shape, crop: chip.crop ?? null };
    const disc = await renderPlacedDisc(ctx, { artworkUrl: chip.artworkUrl, ...design });
    await ctx.db
      .update(chips)
      .set(disc ? discColumns(disc) : { discKey: placedDiscKey(chip.artworkUrl!, design) })
      .where(and(eq(chips.id, chip.id), isNull(chips.discKey), eq(chips.originalImageUrl, chip.artworkUrl!)));
  }
  return waiting.length;
}

export async function listChipPhotos(db: Db, chipId: number): Promise<ChipPhotoRow[]> {
  return db.select().from(chipPhotos).where(eq(chipPhotos.chipId, chipId)).orderBy(asc(chipPhotos.id));
}

export function toChipPhotoDto(row: ChipPhotoRow): ChipPhoto {
  return { id: row.id, url: row.url, variants: row.variants, width: row.width, height: row.height };
}

/** The photo's URL for pages: its largest WebP rendition, else the re-encoded original. */
function photoUrl(image: MediaRow): string {
  return image.variants[image.variants.length - 1]?.url ?? image.originalUrl;
}

/**
 * POST /api/admin/artchip/:id/photos: a photograph of the real disc (already through the media
 * pipeline), shown first on the chip's page; at most MAX_CHIP_PHOTOS, the same photo once. Audited.
 */
export async function addChipPhoto(
  ctx: ServiceContext,
  args: { chipId: number; adminId: number; image: MediaRow },
): Promise<ChipPhoto[]> {
  await ctx.db.transaction(async (tx) => {
    const chip = await lockChip(tx, args.chipId);
    if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    const [taken] = await tx.select({ n: count() }).from(chipPhotos).where(eq(chipPhotos.chipId, chip.id));
    if ((taken?.n ?? 0) >= MAX_CHIP_PHOTOS) throw new AppError('UNPROCESSABLE', TOO_MANY_PHOTOS_MESSAGE);
    const [row] = await tx
      .insert(chipPhotos)
      .values({
        chipId: chip.id,
        url: photoUrl(args.image),
        variants: args.image.variants,
        width: args.image.width,
        height: args.image.height,
        addedById: args.adminId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return;
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'chip.photo_add',
      entity: 'chip',
      entityId: chip.id,
      before: null,
      after: { photoId: row.id, url: row.url },
    });
  });
  return (await listChipPhotos(ctx.db, args.chipId)).map(toChipPhotoDto);
}
