import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Db } from '#server/db/client.ts';
import {
  CHIP_NOT_FOUND_MESSAGE,
  isDemoChip,
  type Chip,
  type ChipEvent,
  type ChipShape,
  type ChipPage,
  type Gallery,
  type GalleryQuery,
  type MarketplaceQuery,
  MAX_ADDITIONAL_IMAGES,
} from '#shared/chips.schemas.ts';
import {
  centsToUsdString,
  parseUsdToCents,
  roundTokensForDisplay,
  tokenAmountForUsd,
} from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { placedDiscKey, renderPlacedDisc, type MediaRow } from '#server/modules/media/index.ts';
import { getTokenPriceUsd } from '#server/modules/price/index.ts';
import {
  addToWatchCount,
  chipMatchesFilters,
  listChipsByIds,
  countCreatorPublicChips,
  findChipById,
  findChipByNfcUid,
  findChipBySlug,
  findChipByUnitId,
  findUserByUsername,
  findUserNames,
  listChipEvents as listChipEventRows,
  listCreatorPublicChips,
  listMarketplaceChips,
  lockChip,
  updateChip,
  type ChipRow,
  type ChipWithUsers,
} from './chips.repo.ts';
import { normalizeNfcUid } from './chip-records.service.ts';
import { discColumns, listChipPhotos, NO_DISC, toChipPhotoDto } from './chip-photos.service.ts';
import {
  chipActions,
  refuseDemoSale,
  type SaleContext,
  isChipActivated,
  isChipPublic,
  isVisiblyHeld,
  ownerIdOf,
  type ChipViewer,
} from './chip-lifecycle.ts';
import {
  decodeGalleryCursor,
  decodeMarketplaceCursor,
  encodeGalleryCursor,
  encodeMarketplaceCursor,
} from './chips.cursor.ts';

// The record writers live in chip-records.service.ts; other features import them from here.
export {
  assignUnitId,
  createChipRecord,
  nextFreeSlug,
  normalizeNfcUid,
  randomUnitId,
  recordChipEvent,
  slugify,
} from './chip-records.service.ts';

const FEATURED_LIMIT = 12;
/** The token price chip DTOs are priced at: live when a price source is configured, else the fallback. */
export async function currentTokenPriceUsd(ctx: ServiceContext): Promise<string> {
  return (await getTokenPriceUsd(ctx)).priceUsd;
}

/** Who reads a chip, and when: its actions are the viewer's. */
export type ChipReadContext = { tokenPriceUsd: string; viewer: ChipViewer; now: Date; sale: SaleContext };

/** What the marketplace allows beside each chip's own state, from the app's configuration. */
export function saleContext(ctx: Pick<ServiceContext, 'config'>): SaleContext {
  return { livePayments: ctx.config.livePayments };
}

type ChipRowWithNames = { chip: ChipRow; creatorUsername: string; ownerUsername: string | null };

/**
 * The fields every view of a chip (the public ChipSchema, the admin's AdminChipSchema) reads from
 * its row alone. The wire flags follow from the listing state and custody (chip-lifecycle.ts).
 */
export function chipRecordFields({ chip, creatorUsername, ownerUsername }: ChipRowWithNames) {
  return {
    id: chip.id,
    title: chip.title,
    slug: chip.slug,
    description: chip.description,
    priceUsd: chip.priceCents === null ? null : centsToUsdString(chip.priceCents),
    // The chip as it will be made (its placed disc) wherever it is pictured; its artwork until made.
    imageUrl: chip.discUrl ?? chip.imageUrl,
    imageVariants: chip.discUrl ? chip.discVariants : chip.imageVariants,
    imagePlaced: chip.discUrl !== null,
    imageWidth: chip.imageWidth,
    imageHeight: chip.imageHeight,
    originalImageUrl: chip.originalImageUrl,
    adminImageUrl: chip.adminImageUrl,
    adminVideoUrl: chip.adminVideoUrl,
    additionalImageUrls: chip.additionalImageUrls,
    unitId: chip.unitId,
    nfcUid: chip.nfcUid,
    isAvailable: chip.status === 'active',
    isActive: isChipActivated(chip),
    isForSale: chip.status === 'active',
    isSurprize: chip.isSurprize,
    creatorId: chip.creatorId,
    creatorUsername,
    ownerId: chip.ownerId,
    ownerUsername,
    associatedUrl: chip.associatedUrl,
    tiktokUrl: chip.tiktokUrl,
    youtubeUrl: chip.youtubeUrl,
    instagramUrl: chip.instagramUrl,
    xUrl: chip.xUrl,
    paypalEnabled: chip.paypalEnabled,
    createdAt: chip.createdAt.toISOString(),
    shape: chip.shape,
    crop: chip.crop ?? null,
    status: chip.status,
    shippingOption: chip.custody === 'in_vault' ? ('store' as const) : ('ship' as const),
    custody: chip.custody,
    highestSaleCents: chip.highestPriceCents,
    reportStatus: chip.reportStatus === 'none' ? null : chip.reportStatus,
  };
}

/** A chip row with its people's names and avatars, and its last sale. */
type ChipRowWithPeople = ChipRowWithNames & {
  creatorProfileImageUrl: string | null;
  creatorFollowerCount: number;
  ownerProfileImageUrl: string | null;
  ownerNameIsPrivate: boolean | null;
  lastSaleCents: number | null;
  lastSoldAt: string | null;
};

/** Chip row → the wire ChipSchema; price is whole tokens for priceUsd at the token price. */
export function toChipDto(row: ChipRowWithPeople, ctx: ChipReadContext): Chip {
  const cents = row.chip.priceCents;
  // An owner without a public name reads as "a collector": their e-mail-derived name is never shown.
  // A creator holding their own chip is named: their name is on the chip already.
  const ownerIsCollector =
    row.ownerUsername !== null && row.chip.ownerId !== row.chip.creatorId && row.ownerNameIsPrivate === true;
  return {
    ...chipRecordFields(row),
    creatorProfileImageUrl: row.creatorProfileImageUrl,
    creatorFollowerCount: row.creatorFollowerCount,
    ...(ownerIsCollector && { ownerUsername: null }),
    ownerIsCollector,
    // No owner yet: the creator still holds it (ownerUsername is null then, too).
    ownerProfileImageUrl: ownerIsCollector
      ? null
      : row.chip.ownerId === null
        ? row.creatorProfileImageUrl
        : row.ownerProfileImageUrl,
    lastSale:
      row.lastSaleCents === null || row.lastSoldAt === null
        ? null
        : { priceCents: row.lastSaleCents, soldAt: row.lastSoldAt },
    price: cents === null ? null : roundTokensForDisplay(tokenAmountForUsd(cents, ctx.tokenPriceUsd)),
    isReserved: isVisiblyHeld(row.chip, ctx.now),
    actions: chipActions(row.chip, ctx.viewer, ctx.now, ctx.sale),
    isDemo: isDemoChip({ creatorUsername: row.creatorUsername, title: row.chip.title }),
    isDemoNotForSale: refuseDemoSale(row.chip, ctx.sale) !== null,
    photos: [],
    watchCount: row.chip.watchCount,
    ...(row.chip.frozenAt !== null &&
      ctx.viewer !== null &&
      ctx.viewer.id === ownerIdOf(row.chip) && { underReview: true }),
  };
}

/** The read context of a visitor: lists and public pages are the same for everyone. */
async function visitorContext(ctx: ServiceContext): Promise<ChipReadContext> {
  return {
    tokenPriceUsd: await currentTokenPriceUsd(ctx),
    viewer: null,
    now: ctx.clock(),
    sale: saleContext(ctx),
  };
}

export function canManageChip(chip: Pick<ChipRow, 'creatorId' | 'ownerId'>, viewer: ChipViewer): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || viewer.id === chip.creatorId || viewer.id === ownerIdOf(chip);
}

/**
 * One chip as its page shows it, and whether the answer may be cached publicly: only a public chip
 * read by a visitor (a signed-in viewer's answer carries their own actions).
 */
export type ChipView = { chip: Chip; isPublic: boolean };

async function viewOf(
  ctx: ServiceContext,
  found: ChipWithUsers | null,
  viewer: ChipViewer,
): Promise<ChipView> {
  if (!found) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const isPublic = isChipPublic(found.chip);
  if (!isPublic && !canManageChip(found.chip, viewer))
    throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const read = {
    tokenPriceUsd: await currentTokenPriceUsd(ctx),
    viewer,
    now: ctx.clock(),
    sale: saleContext(ctx),
  };
  const photos = (await listChipPhotos(ctx.db, found.chip.id)).map(toChipPhotoDto);
  return { chip: { ...toChipDto(found, read), photos }, isPublic: isPublic && viewer === null };
}

/** A chip by id as `viewer` sees it (owner tools answer with it after a change). */
export async function getChipDto(ctx: ServiceContext, chipId: number, viewer: ChipViewer): Promise<Chip> {
  return (await viewOf(ctx, await findChipById(ctx.db, chipId), viewer)).chip;
}

/** GET /api/artchip/:username/:slug. */
export async function getChipBySlug(
  ctx: ServiceContext,
  args: { username: string; slug: string; viewer: AuthUser | null },
): Promise<ChipView> {
  return viewOf(ctx, await findChipBySlug(ctx.db, args.username, args.slug), args.viewer);
}

/** GET /api/artchip/:id. */
export async function getChipById(
  ctx: ServiceContext,
  args: { id: number; viewer: AuthUser | null },
): Promise<ChipView> {
  return viewOf(ctx, await findChipById(ctx.db, args.id), args.viewer);
}

/** GET /api/artchip/unit/:uid (14-digit unit ID). */
export async function getChipByUnitId(
  ctx: ServiceContext,
  args: { unitId: string; viewer: AuthUser | null },
): Promise<ChipView> {
  return viewOf(ctx, await findChipByUnitId(ctx.db, args.unitId), args.viewer);
}

/** GET /api/artchip/by-uid/:uid (NFC tag UID, hex; colons and case ignored). */
export async function getChipByNfcUid(
  ctx: ServiceContext,
  args: { nfcUid: string; viewer: AuthUser | null },
): Promise<ChipView> {
  const uid = normalizeNfcUid(args.nfcUid);
  return viewOf(ctx, await findChipByNfcUid(ctx.db, uid), args.viewer);
}

function usdFilterCents(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseUsdToCents(value);
}

/** GET /api/artchip: one keyset page of listed chips. */
export async function listMarketplace(ctx: ServiceContext, query: MarketplaceQuery): Promise<ChipPage> {
  const cursor = query.cursor ? decodeMarketplaceCursor(query.sort, query.cursor) : null;
  const rows = await listMarketplaceChips(
    ctx.db,
    {
      search: query.q || undefined,
      shape: query.shape,
      minPriceCents: usdFilterCents(query.minPrice),
      maxPriceCents: usdFilterCents(query.maxPrice),
      creator: query.creator || undefined,
      sort: query.sort,
    },
    cursor,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const read = await visitorContext(ctx);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toChipDto(r, read)),
    nextCursor: rows.length > query.limit && last ? encodeMarketplaceCursor(query.sort, last) : null,
  };
}

/** GET /api/artchip/featured: the newest listed chips. */
export async function listFeaturedChips(ctx: ServiceContext): Promise<Chip[]> {
  const rows = await listMarketplaceChips(ctx.db, { sort: 'newest' }, null, FEATURED_LIMIT);
  const read = await visitorContext(ctx);
  return rows.map((r) => toChipDto(r, read));
}

/** GET /api/artchip/gallery/:username: the creator's public chips, newest first, with their count. */
export async function listGallery(
  ctx: ServiceContext,
  args: { username: string } & GalleryQuery,
): Promise<Gallery> {
  const user = await findUserByUsername(ctx.db, args.username);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const cursor = args.cursor ? decodeGalleryCursor(args.cursor) : null;
  const [rows, count] = await Promise.all([
    listCreatorPublicChips(ctx.db, user.id, cursor, args.limit + 1),
    countCreatorPublicChips(ctx.db, user.id),
  ]);
  // A name made from an e-mail and not picked yet (decision 060) is named only by the chips it made.
  if (user.usernameIsPrivate && count === 0) throw new AppError('NOT_FOUND', 'User not found');
  const page = rows.slice(0, args.limit);
  const read = await visitorContext(ctx);
  const last = page[page.length - 1];
  return {
    user: {
      username: user.username,
      profileImageUrl: user.profileImageUrl,
      followerCount: user.followerCount,
    },
    items: page.map((r) => toChipDto(r, read)),
    count,
    nextCursor: rows.length > args.limit && last ? encodeGalleryCursor(last) : null,
  };
}

/** GET /api/artchip/:id/events: provenance, newest first; hidden with the chip. */
export async function listChipEvents(
  ctx: ServiceContext,
  args: { id: number; viewer: AuthUser | null },
): Promise<{ events: ChipEvent[]; isPublic: boolean }> {
  const found = await findChipById(ctx.db, args.id);
  if (!found) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const isPublic = isChipPublic(found.chip);
  if (!isPublic && !canManageChip(found.chip, args.viewer))
    throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const rows = await listChipEventRows(ctx.db, args.id);
  // A sale names who sold and who bought (issue 27); anyone without a public name is "a collector" (null).
  const ids = new Set<number>();
  for (const { event } of rows) {
    if (event.type !== 'sold') continue;
    for (const id of [event.data.sellerId, event.data.buyerId]) if (typeof id === 'number') ids.add(id);
  }
  const names = new Map(
    (await findUserNames(ctx.db, [...ids])).map((u) => [u.id, u.isPrivate ? null : u.username]),
  );
  const nameOf = (id: unknown) => (typeof id === 'number' ? (names.get(id) ?? null) : null);
  return {
    isPublic,
    events: rows.map((r) => ({
      id: r.event.id,
      type: r.event.type,
      createdAt: r.event.createdAt.toISOString(),
      actorUsername: r.actorNameIsPrivate === false ? r.actorUsername : null,
      data:
        r.event.type === 'sold'
          ? {
              ...r.event.data,
              sellerUsername: nameOf(r.event.data.sellerId),
              buyerUsername: nameOf(r.event.data.buyerId),
            }
          : r.event.data,
    })),
  };
}

/** Checks that `user` may add media to the chip (creator, owner or admin); hidden chips read as missing. */
export async function assertCanAddChipMedia(
  ctx: ServiceContext,
  chipId: number,
  user: AuthUser,
): Promise<void> {
  const found = await findChipById(ctx.db, chipId);
  if (!found || (!isChipPublic(found.chip) && !canManageChip(found.chip, user))) {
    throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  }
  if (!canManageChip(found.chip, user))
    throw new AppError('FORBIDDEN', 'Only the creator or owner can add images');
}

/**
 * POST /api/artchip/:id/upload-media: the first image becomes the chip's main image (a surprize chip
 * then has its media); later ones are appended to the extra images, at most 10.
 */
export async function addChipImage(
  ctx: ServiceContext,
  args: { chipId: number; user: AuthUser; image: MediaRow },
): Promise<Chip> {
  // The first image is the artwork: the chip's placed disc is made of it before the transaction.
  const current = (await findChipById(ctx.db, args.chipId))?.chip;
  const disc =
    current && !current.originalImageUrl && canManageChip(current, args.user)
      ? await renderPlacedDisc(ctx, {
          artworkUrl: args.image.originalUrl,
          shape: current.shape,
          crop: current.crop ?? null,
          owner: `account:${args.user.id}`,
        })
      : null;
  const updated = await ctx.db.transaction(async (tx) => {
    const chip = await lockChip(tx, args.chipId);
    if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    if (!canManageChip(chip, args.user))
      throw new AppError('FORBIDDEN', 'Only the creator or owner can add images');
    if (!chip.originalImageUrl) {
      return updateChip(tx, chip.id, {
        ...(disc && disc.key === placedDiscKey(args.image.originalUrl, chip) ? discColumns(disc) : NO_DISC),
        imageUrl: args.image.variants[args.image.variants.length - 1]?.url ?? args.image.originalUrl,
        originalImageUrl: args.image.originalUrl,
        imageVariants: args.image.variants,
        imageWidth: args.image.width,
        imageHeight: args.image.height,
      });
    }
    if (chip.additionalImageUrls.includes(args.image.originalUrl)) return chip;
    if (chip.additionalImageUrls.length >= MAX_ADDITIONAL_IMAGES) {
      throw new AppError(
        'UNPROCESSABLE',
        `An ${BRAND.name} can have at most ${MAX_ADDITIONAL_IMAGES} extra images.`,
      );
    }
    return updateChip(tx, chip.id, {
      additionalImageUrls: [...chip.additionalImageUrls, args.image.originalUrl],
    });
  });
  return getChipDto(ctx, updated!.id, args.user);
}

/** What a notification says of a chip: its title, page, creator and owner (null: gone or taken down). */
export async function describeChipForNotice(db: Db, chipId: number) {
  const found = await findChipById(db, chipId);
  if (!found || !isChipPublic(found.chip)) return null;
  const { chip, creatorUsername } = found;
  return {
    title: chip.title,
    url: ROUTES.chip(creatorUsername, chip.slug),
    creatorId: chip.creatorId,
    creatorUsername,
    ownerId: ownerIdOf(chip),
  };
}

/** Whether a listed chip matches a saved search's marketplace filters now. */
export function chipMatchesSavedSearch(
  db: Db,
  chipId: number,
  filters: {
    q?: string | undefined;
    shape?: ChipShape | undefined;
    minPrice?: string | undefined;
    maxPrice?: string | undefined;
    creator?: string | undefined;
  },
): Promise<boolean> {
  return chipMatchesFilters(db, chipId, {
    search: filters.q || undefined,
    shape: filters.shape,
    minPriceCents: usdFilterCents(filters.minPrice),
    maxPriceCents: usdFilterCents(filters.maxPrice),
    creator: filters.creator || undefined,
  });
}

/** PUT/DELETE watch: a chip's watch count moved by `delta` (in the watch's transaction); null: no such chip. */
export const addToChipWatchCount = addToWatchCount;

/** The chips one watches, as My Admin lists them, in the order of `ids`. */
export async function listWatchedChipSummaries(db: Db, ids: number[]) {
  const rows = await listChipsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.chip.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        chipId: r.chip.id,
        title: r.chip.title,
        url: ROUTES.chip(r.creatorUsername, r.chip.slug),
        imageUrl: r.chip.imageUrl,
        status: r.chip.status,
        priceCents: r.chip.priceCents,
        watchCount: r.chip.watchCount,
      },
    ];
  });
}
