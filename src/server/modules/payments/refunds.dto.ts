import type { RefundDto } from '#shared/refunds.schemas.ts';
import type { RefundRow } from './refunds.repo.ts';

/** A refund on the wire. */
export function toRefundDto(row: RefundRow): RefundDto {
  return {
    id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    amountCents: row.amountCents,
    reason: row.reason,
    note: row.note,
    status: row.status,
    providerReference: row.providerReference,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
