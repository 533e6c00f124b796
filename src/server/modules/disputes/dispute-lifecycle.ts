/**
 * The dispute state machine (decision 076), pure rules and the only writer of `disputes`:
 *
 *   needs_response ⇄ under_review ──▶ won | lost      (won and lost are final)
 *
 * A provider reports each step; its signals can arrive late or out of order (Stripe retries), so a
 * report that would move a closed dispute, or name the state it is in, changes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_DISPUTE_STATUSES, type Dispute, type DisputeStatus } from '#shared/disputes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { disputes } from './disputes.table.ts';

export type DisputeRow = typeof disputes.$inferSelect;

export function isOpen(status: DisputeStatus): boolean {
  return (OPEN_DISPUTE_STATUSES as readonly DisputeStatus[]).includes(status);
}

/** Whether a dispute in `from` may move to `to`: open states move among themselves and close once. */
function canMove(from: DisputeStatus, to: DisputeStatus): boolean {
  return from !== to && isOpen(from);
}

/** The key of a dispute's ledger hold on its order (ledger_holds). */
export function disputeHoldKey(disputeId: number): string {
  return `dispute:${disputeId}`;
}

export function toDisputeDto(row: DisputeRow): Dispute {
  return {
    id: row.id,
    provider: row.provider,
    providerDisputeId: row.providerDisputeId,
    orderId: row.orderId,
    status: row.status,
    reason: row.reason,
    amountCents: row.amountCents,
    currency: row.currency,
    evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
    evidenceSubmittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    feeCents: row.feeCents,
  };
}

/** Records a dispute once per provider dispute id; null when it exists (the caller then locks it). */
export async function openDisputeRow(
  tx: Db,
  values: Pick<
    DisputeRow,
    'provider' | 'providerDisputeId' | 'orderId' | 'reason' | 'amountCents' | 'currency' | 'evidenceDueBy'
  > & { status: DisputeStatus; at: Date },
): Promise<DisputeRow | null> {
  const status = isOpen(values.status) ? values.status : 'needs_response';
  const [row] = await tx
    .insert(disputes)
    .values({
      provider: values.provider,
      providerDisputeId: values.providerDisputeId,
      orderId: values.orderId,
      reason: values.reason,
      amountCents: values.amountCents,
      currency: values.currency,
      evidenceDueBy: values.evidenceDueBy,
      status,
      openedAt: values.at,
    })
    .onConflictDoNothing({ target: [disputes.provider, disputes.providerDisputeId] })
    .returning();
  return row ?? null;
}

export async function lockDisputeByProviderId(
  tx: Db,
  provider: DisputeRow['provider'],
  providerDisputeId: string,
): Promise<DisputeRow | null> {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.provider, provider), eq(disputes.providerDisputeId, providerDisputeId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Moves an open dispute on (a conditional update from the open states, on a locked row): null when it
 * may not move (closed already, or already there).
 */
export async function moveDispute(
  tx: Db,
  row: DisputeRow,
  to: DisputeStatus,
  args: { at: Date; evidenceDueBy?: Date | null; refundId?: number | null; feeCents?: number | null },
): Promise<DisputeRow | null> {
  if (!canMove(row.status, to)) return null;
  const [next] = await tx
    .update(disputes)
    .set({
      status: to,
      ...(isOpen(to) ? {} : { closedAt: args.at }),
      ...(args.evidenceDueBy !== undefined ? { evidenceDueBy: args.evidenceDueBy } : {}),
      ...(to === 'lost' ? { refundId: args.refundId ?? null, feeCents: args.feeCents ?? null } : {}),
      updatedAt: args.at,
    })
    .where(and(eq(disputes.id, row.id), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])))
    .returning();
  return next ?? null;
}

/** The admin sent evidence to the provider. */
export async function markEvidenceSubmitted(tx: Db, id: number, at: Date): Promise<DisputeRow | null> {
  const [row] = await tx
    .update(disputes)
    .set({ evidenceSubmittedAt: at, status: 'under_review', updatedAt: at })
    .where(and(eq(disputes.id, id), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])))
    .returning();
  return row ?? null;
}
