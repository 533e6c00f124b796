import type { Db } from '#server/db/client.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { placedDiscKey, renderPlacedDisc, type PlacedDisc } from '#server/modules/media/index.ts';
import { AppError, assertFound } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/sql.ts';
import { pageFrom } from '#server/lib/page.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { parseUsdToCents } from '#shared/money.ts';
import { chipMakerLabel, type ChipStatus, type ImageVariant } from '#shared/chips.schemas.ts';
import { lockChipForChange, restoredStatus, setChipStatusByAdmin } from './chip-lifecycle.ts';
import {
  isTruthyField,
  PRICE_REQUIRED_MESSAGE,
  type AdminChip,
  type AdminChipListQuery,
  type AdminChipPage,
  type AdminChipUpdateInput,
} from '#shared/admin.schemas.ts';
import { findChip, findChipClash, listChips } from './admin-chips.repo.ts';
import { findLastTakedown, updateChip } from './chips.repo.ts';
import { chipRecordFields } from './chips.service.ts';
import { discColumns, NO_DISC } from './chip-photos.service.ts';

type ChipRow = NonNullable<Awaited<ReturnType<typeof findChip>>>;
type ChipValues = ChipRow['chip'];

/** A chip as the admin sees it: its record fields (the response schema keeps the admin's) and maker. */
function toAdminChip(row: ChipRow): AdminChip {
  return { ...chipRecordFields(row), maker: chipMakerLabel(row.chip) };
}

/** Every chip with filters (status, maker, surprize, availability, text), newest first; one keyset page. */
export async function listAdminChips(db: Db, query: AdminChipListQuery): Promise<AdminChipPage> {
  const rows = await listChips(db, { ...query, limit: query.limit + 1 });
  return pageFrom(rows, query.limit, toAdminChip);
}

/** One chip as the admin sees it. */
export async function getAdminChip(db: Db, id: number): Promise<AdminChip> {
  return toAdminChip(assertFound(await findChip(db, id), 'Artchip not found'));
}

/** Images stored for an edit: a new main image and additional images to append. */
export type ChipImageChanges = {
  main?: { url: string; variants: ImageVariant[]; width: number; height: number } | undefined;
  additional?: string[] | undefined;
};

/** The artwork and design a chip will have after an edit. */
function designAfter(chip: ChipValues, input: AdminChipUpdateInput, images: ChipImageChanges) {
  return {
    artworkUrl: images.main ? images.main.url : chip.originalImageUrl,
    shape: input.shape ?? chip.shape,
    crop: input.crop !== undefined ? input.crop : (chip.crop ?? null),
  };
}

/**
 * The placed disc for an edit that changes the chip's artwork or design (made before the
 * transaction: image work and files), or undefined when its disc stays as it is.
 */
async function discForEdit(
  ctx: ServiceContext,
  adminId: number,
  id: number,
  input: AdminChipUpdateInput,
  images: ChipImageChanges,
): Promise<PlacedDisc | null | undefined> {
  const current = await findChip(ctx.db, id);
  if (!current) return undefined;
  const wanted = designAfter(current.chip, input, images);
  if (!wanted.artworkUrl) return undefined;
  if (current.chip.discKey === placedDiscKey(wanted.artworkUrl, wanted)) return undefined;
  return renderPlacedDisc(ctx, { ...wanted, owner: `account:${adminId}` });
}

/**
 * Edits any chip: text, price, status, flags, unit id, NFC UID, images and design (shape and crop,
 * whose placed disc is made again). Audited.
 */
export async function updateAdminChip(
  ctx: ServiceContext,
  adminId: number,
  id: number,
  input: AdminChipUpdateInput,
  images: ChipImageChanges = {},
): Promise<AdminChip> {
  const { db } = ctx;
  const disc = await discForEdit(ctx, adminId, id, input, images);
  try {
    await db.transaction(async (tx) => {
      const before = assertFound(await lockChipForChange(tx, id), 'Artchip not found');
      const changes = chipChanges(before, input, images);
      if (input.shape !== undefined && input.shape !== before.shape) changes.shape = input.shape;
      if (input.crop !== undefined && JSON.stringify(input.crop) !== JSON.stringify(before.crop ?? null)) {
        changes.crop = input.crop;
      }
      // The disc made for this edit; an artwork or design changed without one forgets the old disc.
      if (disc) Object.assign(changes, discColumns(disc));
      else if (disc === null) Object.assign(changes, NO_DISC);
      const unitId = changes.unitId ?? null;
      const nfcUid = changes.nfcUid ?? null;
      const clash = await findChipClash(tx, { id, unitId, nfcUid });
      if (clash) throw clashError(clash, unitId);
      const takedown = before.status === 'removed' ? await findLastTakedown(tx, id) : null;
      const status = wantedStatus(before, input, restoredStatus(takedown));
      // A listed chip has a price (chips_listed_ck): clearing it is refused unless the edit unlists.
      if (status === 'active' && changes.priceCents === null) {
        throw new AppError('VALIDATION_FAILED', PRICE_REQUIRED_MESSAGE, {
          fieldErrors: { priceUsd: [PRICE_REQUIRED_MESSAGE] },
        });
      }
      // So unlisting goes before the field changes, and listing after them (it needs the new price).
      if (status !== 'active') await setChipStatusByAdmin(tx, before, { adminId, status });
      if (Object.keys(changes).length > 0) await updateChip(tx, id, changes);
      const moved = assertFound(await lockChipForChange(tx, id), 'Artchip not found');
      const after = status === 'active' ? await setChipStatusByAdmin(tx, moved, { adminId, status }) : moved;
      const keys = [...Object.keys(changes), ...(status !== before.status ? ['status'] : [])];
      await recordAudit(tx, {
        adminId,
        action: 'chip.update',
        entity: 'chip',
        entityId: id,
        before: pick(before, keys),
        after: pick(after, keys),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', 'That unit ID or NFC UID is already assigned to another Artchip');
    }
    throw err;
  }
  return getAdminChip(db, id);
}

function clashError(
  clash: { unitId: string | null; nfcUid: string | null },
  unitId: string | null,
): AppError {
  if (unitId && clash.unitId === unitId) {
    const message = 'This unit ID is already assigned to another Artchip';
    return new AppError('CONFLICT', message, { fieldErrors: { unitId: [message] } });
  }
  const message = 'This NFC UID is already assigned to another Artchip';
  return new AppError('CONFLICT', message, { fieldErrors: { nfcUid: [message] } });
}

/**
 * The listing state the admin's form asks for: an explicit status wins; otherwise ticking Available
 * lists the chip, unticking it unlists a listed one, unticking Active takes it down (removed), and
 * ticking Active on a taken-down chip restores it (`restored`: the status it had, decision 062).
 */
function wantedStatus(before: ChipValues, input: AdminChipUpdateInput, restored: ChipStatus): ChipStatus {
  if (input.status !== undefined) return input.status;
  if (input.isActive !== undefined && !isTruthyField(input.isActive)) return 'removed';
  if (input.isAvailable !== undefined) {
    if (isTruthyField(input.isAvailable)) return 'active';
    if (before.status === 'active') return 'inactive';
  }
  if (input.isActive !== undefined && before.status === 'removed') return restored;
  return before.status;
}

/** Only the record columns the input really changes (the listing state goes through the lifecycle). */
function chipChanges(before: ChipValues, input: AdminChipUpdateInput, images: ChipImageChanges) {
  const changes: Partial<ChipValues> = {};
  if (input.title !== undefined && input.title !== before.title) changes.title = input.title;
  if (input.description !== undefined && (input.description || null) !== before.description) {
    changes.description = input.description || null;
  }
  if (input.priceUsd !== undefined) {
    const cents = input.priceUsd === '' ? null : parseUsdToCents(input.priceUsd);
    if (cents !== before.priceCents) {
      changes.priceCents = cents;
    }
  }
  if (input.unitId !== undefined && (input.unitId || null) !== before.unitId)
    changes.unitId = input.unitId || null;
  if (input.nfcUid !== undefined) {
    const uid = input.nfcUid ? input.nfcUid.toUpperCase() : null;
    if (uid !== before.nfcUid) changes.nfcUid = uid;
  }
  let additional = before.additionalImageUrls;
  if (input.keepAdditionalImageUrls !== undefined) {
    const keep = new Set(input.keepAdditionalImageUrls);
    additional = additional.filter((u) => keep.has(u));
  }
  if (images.additional?.length) additional = [...additional, ...images.additional].slice(0, 10);
  if (additional.join('\n') !== before.additionalImageUrls.join('\n'))
    changes.additionalImageUrls = additional;
  if (images.main) {
    changes.originalImageUrl = images.main.url;
    changes.imageUrl = images.main.url;
    changes.imageVariants = images.main.variants;
    changes.imageWidth = images.main.width;
    changes.imageHeight = images.main.height;
  }
  return changes;
}

function pick(row: ChipValues, keys: string[]): Record<string, unknown> {
  const record = row as unknown as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}
