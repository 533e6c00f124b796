import type { ServiceContext } from '#server/lib/service-context.ts';
import crypto from 'node:crypto';
import QRCode from 'qrcode';
import type { TokenPayment } from '#shared/payments.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { findOrderById, listUnpaidOrdersInWindow, type OrderRow } from '#server/modules/orders/index.ts';
import { rejectOrderPayment } from './payment-rejection.service.ts';
import { WATCH_MAX_AGE_MS } from '#server/modules/payments/index.ts';
import { getPaymentRegistry } from '#server/modules/payments/index.ts';
import { listRecordedEventKeys } from '#server/modules/payments/index.ts';
import { completeOrderPayment } from './payments.service.ts';
import type { SolanaRpc } from '#server/modules/payments/index.ts';
import {
  isSolanaProvider,
  searchReference,
  transferRequestUrl,
  type SolanaSettings,
} from '#server/modules/payments/index.ts';

const ORDER_NOT_FOUND = 'Order not found';

function isSameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The token order a caller may see: its buyer (or an admin) with a session, or whoever holds the
 * order's Solana Pay reference, which only the buyer was given (a guest checkout has no session, and
 * an <img> QR request carries none). Anyone else gets NOT_FOUND, so orders cannot be probed.
 */
async function getViewableTokenOrder(
  ctx: ServiceContext,
  viewer: AuthUser | null,
  orderId: number,
  reference: string | undefined,
): Promise<OrderRow & { providerRef: string; artchipAmount: string }> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.paymentProvider !== 'solana' || !order.providerRef || !order.artchipAmount) {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  const isBuyer = viewer !== null && (viewer.id === order.buyerId || viewer.role === 'admin');
  const holdsReference = reference !== undefined && isSameSecret(reference, order.providerRef);
  if (!isBuyer && !holdsReference) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return { ...order, providerRef: order.providerRef, artchipAmount: order.artchipAmount };
}

function paymentStatusOf(order: OrderRow): TokenPayment['paymentStatus'] {
  const status = order.paymentStatus;
  return status === 'processing' || status === 'completed' || status === 'failed' ? status : 'pending';
}

/** GET /api/payments/solana/:orderId: the transfer request, quote expiry and payment status. */
export async function getTokenPayment(
  ctx: ServiceContext,
  settings: SolanaSettings,
  viewer: AuthUser | null,
  orderId: number,
  reference: string | undefined,
): Promise<TokenPayment> {
  const order = await getViewableTokenOrder(ctx, viewer, orderId, reference);
  return {
    orderId: order.id,
    paymentUrl: transferRequestUrl(settings, {
      id: order.id,
      artchipAmount: order.artchipAmount,
      reference: order.providerRef,
    }),
    reference: order.providerRef,
    artchipAmount: order.artchipAmount,
    totalCents: order.totalCents,
    quoteExpiresAt: order.quoteExpiresAt?.toISOString() ?? null,
    paymentStatus: paymentStatusOf(order),
    isFlagged: order.paymentFlagged !== null,
  };
}

/** GET /api/payments/solana/:orderId/qr.svg: the transfer request as a QR code for a wallet to scan. */
export async function getTokenPaymentQrSvg(
  ctx: ServiceContext,
  settings: SolanaSettings,
  viewer: AuthUser | null,
  orderId: number,
  reference: string | undefined,
): Promise<string> {
  const order = await getViewableTokenOrder(ctx, viewer, orderId, reference);
  const url = transferRequestUrl(settings, {
    id: order.id,
    artchipAmount: order.artchipAmount,
    reference: order.providerRef,
  });
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 280 });
}

/**
 * Checks one pending token order on chain. The first confirmed transfer of at least the quoted tokens
 * to the treasury pays it (eventKey: the signature); other transfers under its reference are recorded
 * as rejected and flag the order. Signatures recorded before are not fetched again.
 */
async function settleTokenOrder(
  ctx: ServiceContext,
  provider: { settings: SolanaSettings; rpc: SolanaRpc },
  order: OrderRow,
): Promise<boolean> {
  const known = await listRecordedEventKeys(ctx.db, 'solana', order.id);
  const found = await searchReference(provider.settings, provider.rpc, order, known);
  for (const { signature, verdict } of found) {
    const payload = {
      signature,
      reference: order.providerRef,
      quotedAmount: order.artchipAmount,
      receivedBaseUnits: verdict.receivedBaseUnits.toString(),
    };
    if (verdict.kind === 'paid') {
      const result = await completeOrderPayment(ctx, {
        orderId: order.id,
        provider: 'solana',
        eventKey: signature,
        // The quote converted the USD total to tokens; a transfer of at least those tokens pays that total.
        amountCents: order.totalCents,
        currency: 'USD',
        payload: { ...payload, decimals: verdict.decimals },
      });
      return result.outcome === 'completed';
    }
    await rejectOrderPayment(ctx, {
      orderId: order.id,
      provider: 'solana',
      eventKey: signature,
      reason: verdict.reason,
      payload,
    });
  }
  return false;
}

/**
 * Background task (every ~10 s): looks on chain for the payments of unpaid token orders placed within
 * the quote window plus a margin, and settles what it finds. Returns how many orders it paid.
 */
export async function checkTokenPayments(ctx: ServiceContext): Promise<number> {
  const provider = getPaymentRegistry(ctx).byName('solana');
  if (!isSolanaProvider(provider)) return 0;
  const now = ctx.clock();
  const pending = await listUnpaidOrdersInWindow(ctx.db, {
    provider: 'solana',
    createdAfter: new Date(now.getTime() - WATCH_MAX_AGE_MS),
  });
  let paid = 0;
  for (const order of pending) {
    try {
      if (await settleTokenOrder(ctx, provider, order)) paid++;
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id }, 'token payment check failed');
    }
  }
  return paid;
}
