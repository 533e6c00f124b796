import type { Db } from '#server/db/client.ts';
import type { AdminOrderPage, OrderListQuery } from '#shared/admin.schemas.ts';
import type { AdminOrder } from '#shared/orders.schemas.ts';
import { listOrders } from './admin-orders.repo.ts';
import { pageFrom } from './admin-page.ts';

type OrderRow = Awaited<ReturnType<typeof listOrders>>[number];

function toAdminOrder(row: OrderRow): AdminOrder {
  const media = row.adminMedia ?? null;
  const hasMedia = Boolean(row.originalImageUrl || media?.adminImageUrl || media?.imageUrl);
  const address = row.shippingAddress;
  return {
    id: row.id,
    orderType: row.orderType as AdminOrder['orderType'],
    mintTitle: row.mintTitle,
    mintDescription: row.mintDescription,
    mintAssociatedUrl: row.mintAssociatedUrl,
    originalImageUrl: row.originalImageUrl,
    isSurprize: row.isSurprize,
    adminMedia: media,
    mediaState:
      row.orderType === 'mint' && row.isSurprize ? (hasMedia ? 'Media Uploaded' : 'Needs Media') : null,
    buyerId: row.buyerId,
    username: row.username,
    email: row.email,
    orderStatus: row.status as AdminOrder['orderStatus'],
    paymentStatus: row.paymentStatus as AdminOrder['paymentStatus'],
    paymentMethod: row.paymentMethod as AdminOrder['paymentMethod'],
    totalCents: row.totalCents,
    shippingOption: row.shippingOption as AdminOrder['shippingOption'],
    shippingAddress: address ? { ...address, addressLine2: address.addressLine2 ?? null } : null,
    artchipId: row.artchipId === null ? null : Number(row.artchipId),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    // Spec §4: offered only when the order is pending and its payment completed, and no chip exists yet.
    canCreateArtchip:
      row.orderType === 'mint' &&
      row.status === 'pending' &&
      row.paymentStatus === 'completed' &&
      row.artchipId === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Minting orders by default (or purchases, shipping requests, all), filtered by status, one keyset page. */
export async function listAdminOrders(db: Db, query: OrderListQuery): Promise<AdminOrderPage> {
  const rows = await listOrders(db, { ...query, limit: query.limit + 1 });
  return pageFrom(rows, query.limit, toAdminOrder);
}
