import type { ServiceContext } from '#server/lib/service-context.ts';
import { AppError, assertFound } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { renderPlacedDisc, type MediaRow } from '#server/modules/media/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { parseUsdToCents, parsePercentToBasisPoints, percentOfCents } from '#shared/money.ts';
import { isTruthyField, type AdminChip, type AdminChipCreateInput } from '#shared/admin.schemas.ts';
import { COMPANY_USER_ID, slugTaken } from './admin-chips.repo.ts';
import { getAdminChip } from './admin-chips.service.ts';
import { createChipRecord } from './chip-records.service.ts';
import { findUserByUsername } from './chips.repo.ts';

export type AdminChipImages = { main: MediaRow; additional: MediaRow[] };

/** The list price after the form's optional discount (percent, 0–100, 2 decimals), in cents. */
function discountedPriceCents(price: string, discountPercent: string): number | null {
  if (price === '') return null;
  const cents = parseUsdToCents(price);
  if (discountPercent === '') return cents;
  return cents - percentOfCents(cents, parsePercentToBasisPoints(discountPercent));
}

/**
 * Creates any chip from the admin form. Company-made chips belong to user 1 (labelled Company) and go
 * live at once; customer mintings belong to the named customer and wait, pending, for them to price
 * and activate. Images are stored before the transaction (no file I/O while it holds locks). Audited.
 */
export async function createAdminChip(
  ctx: ServiceContext,
  adminId: number,
  input: AdminChipCreateInput,
  images: AdminChipImages,
): Promise<AdminChip> {
  const isCustomerMinting = isTruthyField(input.isCustomerMinting);
  const priceCents = discountedPriceCents(input.price, input.discountPercent);
  // The chip as it will be made (centred: the admin's form places nothing), made before the transaction.
  const disc = await renderPlacedDisc(ctx, {
    artworkUrl: images.main.originalUrl,
    shape: input.shape,
    crop: null,
    owner: `account:${adminId}`,
  });
  const chipId = await ctx.db.transaction(async (tx) => {
    const creator = isCustomerMinting
      ? await findUserByUsername(tx, input.creatorUsername)
      : await findAccountById(tx, COMPANY_USER_ID);
    if (!creator) {
      const message = isCustomerMinting
        ? 'Customer not found'
        : 'The company account (user 1) does not exist';
      throw new AppError(
        'NOT_FOUND',
        message,
        isCustomerMinting ? { fieldErrors: { creatorUsername: [message] } } : {},
      );
    }
    if (await slugTaken(tx, creator.id, input.customUrlPath)) {
      const message = 'This custom URL path is already in use';
      throw new AppError('CONFLICT', message, { fieldErrors: { customUrlPath: [message] } });
    }
    const isLive = !isCustomerMinting && priceCents !== null;
    const row = await createChipRecord(tx, {
      creatorId: creator.id,
      ownerId: creator.id,
      title: input.title,
      slug: input.customUrlPath,
      description: input.description || null,
      priceCents,
      image: images.main,
      disc,
      additionalImageUrls: images.additional.map((m) => m.originalUrl),
      associatedUrl: input.associatedUrl || null,
      tiktokUrl: input.tiktokUrl || null,
      youtubeUrl: input.youtubeUrl || null,
      instagramUrl: input.instagramUrl || null,
      xUrl: input.xUrl || null,
      shape: input.shape,
      status: isLive ? 'active' : 'pending',
      actorUserId: adminId,
    });
    await recordAudit(tx, {
      adminId,
      action: 'chip.create',
      entity: 'chip',
      entityId: row.id,
      before: null,
      after: { ...row, discountPercent: input.discountPercent || null, isCustomerMinting },
    });
    return row.id;
  });
  return assertFound(await getAdminChip(ctx.db, chipId), 'Artchip not found');
}
