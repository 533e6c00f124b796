/**
 * The admin's order actions: status moves, surprize media, and making the chip of a paid mint. What
 * each order allows comes from order-lifecycle.ts; the chip's custody from chip-lifecycle.ts.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type {
  AdminOrder,
  AdminOrderDetail,
  CreateArtchipFields,
  UpdateOrderStatusInput,
} from '#shared/orders.schemas.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import type { AdminOrderPage, OrderListQuery } from '#shared/admin.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { pageFrom } from '#server/lib/page.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { findMediaByHash, renderPlacedDisc, type MediaRow } from '#server/modules/media/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import {
  createChipRecord,
  findChipById,
  findChipRow,
  getChipDto,
  lockChipForChange,
  shipChip,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import {
  assertOrderMove,
  deliverOrder,
  moveOrder,
  orderActions,
  recordOrderEvent,
  refuseRefund,
} from './order-lifecycle.ts';
import {
  findOrderById,
  listOrderEvents,
  listOrdersForAdmin,
  lockOrder,
  updateOrder,
  type OrderRow,
} from './orders.repo.ts';
import { artchipCreatedMail, orderMailInfo, orderStatusMail } from './orders.mail.ts';
import { ORDER_NOT_FOUND } from './orders.service.ts';
import { findMintDesign, mintDesignFrom } from './mint-design.ts';

/** The media an admin sends with a mint: uploaded images (already processed) and the link fields. */
export type OrderMediaInput = {
  image: MediaRow | null;
  additionalImages: MediaRow[];
  fields: CreateArtchipFields;
};

/** The chip's smallest image variant (a row's thumbnail), else its main image. */
function smallestImageOf(chip: ChipRow): string | null {
  const [smallest] = [...chip.imageVariants].sort((a, b) => a.width - b.width);
  return smallest?.url ?? chip.imageUrl ?? null;
}

/** Order row, its buyer's names and its chip → the admin's view (list and detail share it). */
function toAdminOrderDto(
  order: OrderRow,
  buyer: { username: string; email: string } | null,
  chip: ChipRow | null,
): AdminOrder {
  const actions = orderActions(order, chip);
  const media = order.adminMedia ?? null;
  const hasMedia = Boolean(order.originalImageUrl || media?.adminImageUrl);
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderType: order.orderType,
    mintTitle: order.mintTitle,
    mintDescription: order.mintDescription,
    mintAssociatedUrl: order.mintAssociatedUrl,
    originalImageUrl: order.originalImageUrl,
    isSurprize: order.isSurprize,
    adminMedia: media,
    mediaState:
      order.orderType === 'mint' && order.isSurprize ? (hasMedia ? 'Media Uploaded' : 'Needs Media') : null,
    buyerId: order.buyerId,
    username: buyer?.username ?? '',
    email: buyer?.email ?? '',
    orderStatus: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    totalCents: order.totalCents,
    shippingOption: order.shippingOption,
    shippingAddress: address ? { ...address, addressLine2: address.addressLine2 ?? null } : null,
    artchipId: order.chipId,
    chipTitle: chip?.title ?? null,
    chipImageUrl: chip ? smallestImageOf(chip) : null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    deliveredBy: order.deliveredBy,
    canCreateArtchip: actions.createArtchip,
    actions,
    refundRefusal: refuseRefund(order, chip)?.message ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** One order as the admin sees it; `chip` when the caller already has the order's chip. */
async function toAdminOrder(db: Db, order: OrderRow, chip?: ChipRow | null): Promise<AdminOrder> {
  const buyer = await findAccountById(db, order.buyerId);
  const orderChip =
    chip !== undefined ? chip : order.chipId === null ? null : await findChipRow(db, order.chipId);
  return toAdminOrderDto(order, buyer, orderChip);
}

/** GET /api/admin/orders: mints by default (or purchases, shipping requests, all), one keyset page. */
export async function listAdminOrders(db: Db, query: OrderListQuery): Promise<AdminOrderPage> {
  const rows = await listOrdersForAdmin(db, { ...query, limit: query.limit + 1 });
  return pageFrom(rows, query.limit, (r) => toAdminOrderDto(r.order, r, r.chip));
}

/**
 * The packing details of an order that ships: insured and signed for exactly when the order paid for
 * shipping protection (the rule is the checkout's, insuredShippingCentsFor), so the slip never
 * disagrees with what the buyer was charged. A shipping order sends a chip kept in the vault.
 */
function packingOf(order: OrderRow, chip: { highestPriceCents: number } | null): AdminOrderDetail['packing'] {
  if (order.shippingOption !== 'ship' || order.orderType === 'transfer') return null;
  const isInsured = order.insuranceCents > 0;
  return {
    // A shipping order is insured on its chip's highest sale (decision 066); a sale or mint on its price.
    declaredValueCents:
      order.orderType === 'shipping' ? (chip?.highestPriceCents ?? 0) : order.basePriceCents,
    isInsured,
    requiresSignature: isInsured,
    insuranceCents: order.insuranceCents,
  };
}

/** GET /api/admin/orders/:id: the order with its item, payment and timeline, and what may be done. */
export async function getAdminOrderDetail(db: Db, orderId: number): Promise<AdminOrderDetail> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const found = order.chipId === null ? null : await findChipById(db, order.chipId);
  const [base, events] = await Promise.all([
    toAdminOrder(db, order, found?.chip ?? null),
    listOrderEvents(db, order.id),
  ]);
  return {
    ...base,
    item: found
      ? {
          artchipId: found.chip.id,
          title: found.chip.title,
          imageUrl: found.chip.imageUrl,
          unitId: found.chip.unitId,
          shape: found.chip.shape,
          crop: found.chip.crop ?? null,
          imageWidth: found.chip.imageWidth,
          imageHeight: found.chip.imageHeight,
          creatorUsername: found.creatorUsername,
          slug: found.chip.slug,
          ownerUsername: found.ownerUsername,
          custody: found.chip.custody,
        }
      : null,
    mintDesign:
      order.orderType === 'mint'
        ? mintDesignFrom(events.find((e) => e.event.type === 'placed')?.event.data)
        : null,
    payment: {
      method: order.paymentMethod,
      provider: order.paymentProvider,
      providerRef: order.providerRef,
      basePriceCents: order.basePriceCents,
      discountCents: order.discountCents,
      markupCents: order.markupCents,
      shippingCents: order.shippingCents,
      insuranceCents: order.insuranceCents,
      totalCents: order.totalCents,
      artchipAmount: order.artchipAmount,
      paidAt: order.paidAt?.toISOString() ?? null,
      flagged: order.paymentFlagged,
    },
    packing: packingOf(order, found?.chip ?? null),
    timeline: events.map(({ event, actorUsername }) => ({
      type: event.type,
      actorUsername,
      data: event.data,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/**
 * PATCH /api/admin/orders/:id/status: Mark Processing, Completed, Shipped (with carrier and tracking
 * number) or Delivered, as the order's lifecycle allows. Shipping moves only the chip the order ships.
 * The customer is e-mailed and the change audited.
 */
export async function updateOrderStatus(
  ctx: ServiceContext,
  adminId: number,
  orderId: number,
  input: UpdateOrderStatusInput,
): Promise<AdminOrder> {
  const found = await findOrderById(ctx.db, orderId);
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const { next, chip } = await ctx.db.transaction(async (tx) => {
    const chip = found.chipId === null ? null : await lockChipForChange(tx, found.chipId);
    const order = (await lockOrder(tx, orderId))!;
    assertOrderMove(order, chip, input.status);
    const shipping =
      input.status === 'shipped'
        ? { carrier: input.carrier!, trackingNumber: input.trackingNumber! }
        : undefined;
    let movedChip = chip;
    if (shipping && chip) {
      movedChip = await shipChip(tx, chip, { actorId: adminId, orderId: order.id, ...shipping });
    }
    const now = ctx.clock();
    let next: OrderRow;
    if (input.status === 'delivered') {
      // The one delivery path (decision 064), which the buyer's tap and button and the job share.
      ({ order: next, chip: movedChip } = await deliverOrder(tx, order, chip, {
        by: 'admin',
        actorUserId: adminId,
        at: now,
      }));
    } else {
      next = await moveOrder(tx, order, {
        to: input.status,
        actorUserId: adminId,
        at: now,
        ...(shipping ? { patch: { ...shipping, shippedAt: now }, data: shipping } : {}),
      });
    }
    await recordAudit(tx, {
      adminId,
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: input.status, ...shipping },
    });
    const buyer = await findAccountById(tx, order.buyerId);
    if (buyer && input.status !== 'delivered') {
      await enqueueMail(
        tx,
        await orderStatusMail(buyer, ctx.config.publicUrl, orderMailInfo(next, chip), input.status, shipping),
      );
    }
    return { next, chip: movedChip };
  });
  return toAdminOrder(ctx.db, next, chip);
}

function mediaUrlFields(fields: CreateArtchipFields): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of [
    'associatedUrl',
    'tiktokUrl',
    'youtubeUrl',
    'instagramUrl',
    'xUrl',
    'facebookUrl',
    'adminVideoUrl',
    'shape',
  ] as const) {
    if (fields[key] !== undefined) out[key] = fields[key] || null;
  }
  return out;
}

/** Mints still waiting for their chip (pending or processing, paid); anything else is a CONFLICT. */
function assertAwaitingChip(order: OrderRow): void {
  if (order.orderType !== 'mint')
    throw new AppError('CONFLICT', 'Only mint orders can have an Artchip created.');
  if (!orderActions(order, null).createArtchip) {
    throw new AppError('CONFLICT', 'An Artchip can be created only for a paid mint order not made yet.');
  }
}

/**
 * POST /api/admin/orders/:id/media: stores the admin's artwork (and links) for a surprize mint before
 * the chip is made, so the order shows 'Media Uploaded'. Audited.
 */
export async function uploadOrderMedia(
  ctx: ServiceContext,
  adminId: number,
  orderId: number,
  input: OrderMediaInput,
): Promise<AdminOrder> {
  const updated = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertAwaitingChip(order);
    if (!order.isSurprize) throw new AppError('CONFLICT', 'Only surprize mints take admin media.');
    const before = order.adminMedia ?? {};
    const adminMedia: Record<string, string | null> = {
      ...before,
      ...mediaUrlFields(input.fields),
      ...(input.image ? { adminImageUrl: input.image.originalUrl } : {}),
      ...(input.additionalImages.length > 0
        ? { additionalImageUrls: input.additionalImages.map((m) => m.originalUrl).join('\n') }
        : {}),
    };
    const next = await updateOrder(tx, order.id, { adminMedia });
    await recordOrderEvent(tx, { orderId: order.id, type: 'media_uploaded', actorUserId: adminId });
    await recordAudit(tx, {
      adminId,
      action: 'order.media',
      entity: 'order',
      entityId: order.id,
      before,
      after: adminMedia,
    });
    return next;
  });
  return toAdminOrder(ctx.db, updated);
}

/** The media row behind a stored image URL (uploads are content-addressed by hash). */
async function mediaForUrl(db: Db, url: string | null | undefined): Promise<MediaRow | null> {
  const hash = url ? /([0-9a-f]{64})\.(?:webp|jpg|png|gif)$/.exec(url)?.[1] : undefined;
  const media = hash ? await findMediaByHash(db, hash) : null;
  return media && media.originalUrl === url ? media : null;
}

/**
 * POST /api/admin/orders/:id/create-artchip: makes the chip of a paid, pending mint. Custom mints use
 * the creator's uploaded image; surprize mints the admin's (sent now or uploaded before). The chip
 * belongs to the creator, pending (not for sale) until they activate it; it gets a unit ID and its
 * minted event; the order is marked completed; the creator is e-mailed; the change is audited.
 */
export async function createArtchipFromOrder(
  ctx: ServiceContext,
  adminId: number,
  orderId: number,
  input: OrderMediaInput,
): Promise<{ order: AdminOrder; artchip: Chip }> {
  const preview = await findOrderById(ctx.db, orderId);
  if (!preview) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const links = { ...(preview.adminMedia ?? {}), ...mediaUrlFields(input.fields) };
  const design = await findMintDesign(ctx.db, orderId);
  const image = preview.isSurprize
    ? (input.image ?? (await mediaForUrl(ctx.db, preview.adminMedia?.adminImageUrl)))
    : await mediaForUrl(ctx.db, preview.originalImageUrl);
  const storedAdditional = preview.adminMedia?.additionalImageUrls?.split('\n').filter(Boolean) ?? [];
  const additional =
    input.additionalImages.length > 0 ? input.additionalImages.map((m) => m.originalUrl) : storedAdditional;

  // The admin may change the shape (for a surprize mint, say); otherwise the creator's choice holds.
  const shape =
    links.shape === 'square' || links.shape === 'round' ? links.shape : (design?.shape ?? 'round');
  // A surprize mint's artwork is made for the disc; a custom mint keeps its creator's placement.
  const crop = preview.isSurprize ? null : (design?.crop ?? null);
  // The chip as it will be made, pictured wherever it is shown: rendered once now, outside the
  // transaction (image work and files), for an order that can still be made.
  assertAwaitingChip(preview);
  const disc = await renderPlacedDisc(ctx, {
    artworkUrl: image?.originalUrl ?? preview.originalImageUrl,
    shape,
    crop,
    owner: `account:${adminId}`,
  });

  const { order, chipId } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertAwaitingChip(order);
    if (order.isSurprize && !image) {
      throw new AppError('VALIDATION_FAILED', 'Please upload the artwork for this surprize mint.', {
        fieldErrors: { image: ['Please upload the artwork for this surprize mint.'] },
      });
    }
    const chip = await createChipRecord(tx, {
      creatorId: order.buyerId,
      ownerId: order.buyerId,
      title: order.mintTitle ?? `${order.id}`,
      description: order.mintDescription,
      image,
      ...(image ? {} : { imageUrl: order.originalImageUrl, originalImageUrl: order.originalImageUrl }),
      adminImageUrl: order.isSurprize ? (image?.originalUrl ?? null) : null,
      additionalImageUrls: additional,
      isSurprize: order.isSurprize,
      associatedUrl: links.associatedUrl ?? order.mintAssociatedUrl,
      tiktokUrl: links.tiktokUrl ?? null,
      youtubeUrl: links.youtubeUrl ?? null,
      instagramUrl: links.instagramUrl ?? null,
      xUrl: links.xUrl ?? null,
      facebookUrl: links.facebookUrl ?? null,
      adminVideoUrl: links.adminVideoUrl ?? null,
      shape,
      crop,
      disc,
      status: 'pending',
      // Made for a ship-to-me mint, it waits in the vault for Mark Shipped; otherwise it stays there.
      custody: order.shippingOption === 'ship' ? 'dispatching' : 'in_vault',
      sourceOrderId: order.id,
      // The creator minted it; the admin only made it (the audit log says who).
      actorUserId: order.buyerId,
      orderId: order.id,
    });
    // 'Create Artchip' marks the mint made, from pending or processing (spec §4).
    await updateOrder(tx, order.id, { chipId: chip.id });
    const next = await moveOrder(
      tx,
      { ...order, chipId: chip.id },
      {
        to: 'completed',
        actorUserId: adminId,
        at: ctx.clock(),
        data: { artchipId: chip.id, unitId: chip.unitId },
      },
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'artchip_created',
      actorUserId: adminId,
      data: { artchipId: chip.id, unitId: chip.unitId },
    });
    await recordAudit(tx, {
      adminId,
      action: 'order.create_artchip',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, chipId: null },
      after: { status: 'completed', chipId: chip.id, unitId: chip.unitId },
    });
    const creator = await findAccountById(tx, order.buyerId);
    if (creator) await enqueueMail(tx, await artchipCreatedMail(creator, ctx.config.publicUrl, chip));
    return { order: next, chipId: chip.id };
  });
  return {
    order: await toAdminOrder(ctx.db, order),
    artchip: await getChipDto(ctx, chipId, { id: adminId, role: 'admin' }),
  };
}
