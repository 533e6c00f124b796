/** The admin's order actions: status changes, surprize media, and making the chip of a paid mint. */
import type { FastifyInstance } from 'fastify';
import type { AdminOrder, CreateArtchipFields, UpdateOrderStatusInput } from '#shared/orders.schemas.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { enqueueMail } from '#server/features/mail/mail.service.ts';
import { findMediaByHash, type MediaRow } from '#server/features/media/media.repo.ts';
import { findAccountById } from '#server/features/users/users.service.ts';
import {
  createChipRecord,
  currentTokenPriceUsd,
  recordChipEvent,
  toChipDto,
} from '#server/features/chips/chips.service.ts';
import { findChipWithUsers, lockChipRow, updateChipRow } from './chip-sale.repo.ts';
import { findOrderById, lockOrder, updateOrder, type OrderRow } from './orders.repo.ts';
import { artchipCreatedMail, orderStatusMail, type OrderMailInfo } from './orders.mail.ts';
import { ORDER_NOT_FOUND } from './orders.service.ts';

/** The media an admin sends with a mint: uploaded images (already processed) and the link fields. */
export type OrderMediaInput = {
  image: MediaRow | null;
  additionalImages: MediaRow[];
  fields: CreateArtchipFields;
};

/** Order row → the admin's view (the same shape the Orders tab lists). */
export async function toAdminOrder(db: Db, order: OrderRow): Promise<AdminOrder> {
  const buyer = await findAccountById(db, order.buyerId);
  const media = order.adminMedia ?? null;
  const hasMedia = Boolean(order.originalImageUrl || media?.adminImageUrl);
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderType: order.orderType as AdminOrder['orderType'],
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
    orderStatus: order.status as AdminOrder['orderStatus'],
    paymentStatus: order.paymentStatus as AdminOrder['paymentStatus'],
    paymentMethod: order.paymentMethod as AdminOrder['paymentMethod'],
    totalCents: order.totalCents,
    shippingOption: order.shippingOption === 'ship' ? 'ship' : 'store',
    shippingAddress: address ? { ...address, addressLine2: address.addressLine2 ?? null } : null,
    artchipId: order.chipId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    canCreateArtchip: canCreateArtchip(order),
    createdAt: order.createdAt.toISOString(),
  };
}

/** Spec §4: 'Create Artchip' only for a mint whose status is pending and payment completed. */
function canCreateArtchip(order: OrderRow): boolean {
  return (
    order.orderType === 'mint' &&
    order.status === 'pending' &&
    order.paymentStatus === 'completed' &&
    order.chipId === null
  );
}

function mailInfo(order: OrderRow, title: string): OrderMailInfo {
  return {
    id: order.id,
    orderType: order.orderType,
    title,
    totalCents: order.totalCents,
    artchipAmount: order.artchipAmount,
    paymentMethod: order.paymentMethod,
    shippingOption: order.shippingOption,
  };
}

/** Allowed admin moves: processing from pending; completed from pending or processing; shipped once made. */
const NEXT_STATUSES: Record<UpdateOrderStatusInput['status'], string[]> = {
  processing: ['pending'],
  completed: ['pending', 'processing'],
  shipped: ['processing', 'completed'],
};

/**
 * PATCH /api/admin/orders/:id/status: pending → processing ('Mark Processing') → completed → shipped
 * (with carrier and tracking number). Paid orders only; the customer is e-mailed and the change audited.
 */
export async function updateOrderStatus(
  app: FastifyInstance,
  adminId: number,
  orderId: number,
  input: UpdateOrderStatusInput,
): Promise<AdminOrder> {
  const now = app.clock();
  const found = await findOrderById(app.db, orderId);
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const updated = await app.db.transaction(async (tx) => {
    const chip = found.chipId === null ? null : await lockChipRow(tx, found.chipId);
    const order = (await lockOrder(tx, orderId))!;
    if (order.paymentStatus !== 'completed')
      throw new AppError('CONFLICT', 'Only paid orders can change status.');
    if (!NEXT_STATUSES[input.status].includes(order.status)) {
      throw new AppError('CONFLICT', `An order that is ${order.status} cannot be marked ${input.status}.`);
    }
    if (input.status === 'shipped' && order.shippingOption !== 'ship') {
      throw new AppError('CONFLICT', 'This order is kept in the vault; there is nothing to ship.');
    }
    const shipping =
      input.status === 'shipped'
        ? { carrier: input.carrier!, trackingNumber: input.trackingNumber! }
        : undefined;
    const next = await updateOrder(tx, order.id, {
      status: input.status,
      ...(shipping ? { ...shipping, shippedAt: now } : {}),
    });
    if (shipping && chip) {
      await updateChipRow(tx, chip.id, { shippingOption: 'ship' });
      await recordChipEvent(tx, {
        chipId: chip.id,
        type: 'shipped',
        actorUserId: adminId,
        orderId: order.id,
        data: shipping,
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
    if (buyer) {
      const title = chip?.title ?? order.mintTitle ?? `Order #${order.id}`;
      await enqueueMail(
        tx,
        orderStatusMail(buyer.email, app.config.publicUrl, mailInfo(next, title), input.status, shipping),
      );
    }
    return next;
  });
  return toAdminOrder(app.db, updated);
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
    'shape',
  ] as const) {
    if (fields[key] !== undefined) out[key] = fields[key] || null;
  }
  return out;
}

/** Surprize mints still waiting for their chip accept media; anything else is a CONFLICT. */
function assertAwaitingChip(order: OrderRow): void {
  if (order.orderType !== 'mint')
    throw new AppError('CONFLICT', 'Only mint orders can have an Artchip created.');
  if (!canCreateArtchip(order)) {
    throw new AppError(
      'CONFLICT',
      'An Artchip can be created only for a paid mint order that is still pending.',
    );
  }
}

/**
 * POST /api/admin/orders/:id/media: stores the admin's artwork (and links) for a surprize mint before
 * the chip is made, so the order shows 'Media Uploaded'. Audited.
 */
export async function uploadOrderMedia(
  app: FastifyInstance,
  adminId: number,
  orderId: number,
  input: OrderMediaInput,
): Promise<AdminOrder> {
  const updated = await app.db.transaction(async (tx) => {
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
  return toAdminOrder(app.db, updated);
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
  app: FastifyInstance,
  adminId: number,
  orderId: number,
  input: OrderMediaInput,
): Promise<{ order: AdminOrder; artchip: Chip }> {
  const tokenPriceUsd = await currentTokenPriceUsd(app);
  const preview = await findOrderById(app.db, orderId);
  if (!preview) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const links = { ...(preview.adminMedia ?? {}), ...mediaUrlFields(input.fields) };
  const image = preview.isSurprize
    ? (input.image ?? (await mediaForUrl(app.db, preview.adminMedia?.adminImageUrl)))
    : await mediaForUrl(app.db, preview.originalImageUrl);
  const storedAdditional = preview.adminMedia?.additionalImageUrls?.split('\n').filter(Boolean) ?? [];
  const additional =
    input.additionalImages.length > 0 ? input.additionalImages.map((m) => m.originalUrl) : storedAdditional;

  const { order, chipId } = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertAwaitingChip(order);
    if (order.isSurprize && !image) {
      throw new AppError('VALIDATION_FAILED', 'Please upload the artwork for this surprize mint.', {
        fieldErrors: { image: ['Please upload the artwork for this surprize mint.'] },
      });
    }
    const shape = links.shape === 'square' ? 'square' : 'round';
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
      shape,
      status: 'pending',
      isActive: false,
      isForSale: false,
      isAvailable: false,
      shippingOption: order.shippingOption === 'ship' ? 'ship' : 'store',
      sourceOrderId: order.id,
      actorUserId: adminId,
      orderId: order.id,
    });
    // 'Create Artchip' marks the mint made: pending → processing → completed (spec §4).
    const next = await updateOrder(tx, order.id, { chipId: chip.id, status: 'completed' });
    await recordAudit(tx, {
      adminId,
      action: 'order.create_artchip',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, chipId: null },
      after: { status: 'completed', chipId: chip.id, unitId: chip.unitId },
    });
    const creator = await findAccountById(tx, order.buyerId);
    if (creator) await enqueueMail(tx, artchipCreatedMail(creator.email, app.config.publicUrl, chip.title));
    return { order: next, chipId: chip.id };
  });
  const made = (await findChipWithUsers(app.db, chipId))!;
  return {
    order: await toAdminOrder(app.db, order),
    artchip: toChipDto(made.chip, made.creatorUsername, made.ownerUsername, tokenPriceUsd),
  };
}
