/**
 * Back into the vault (issue 28): the inbound-shipment state machine (VAULT_INTAKE_STATUSES in
 * shared/vault-intakes.schemas.ts) and the only writer of vault_intakes. Each transition locks the chip
 * first (every custody change does), then the shipment, and moves both in one transaction; the chip's
 * custody moves only through chip-lifecycle.ts.
 */
import crypto from 'node:crypto';
import {
  LIVE_VAULT_INTAKE_STATUSES,
  VAULT_INTAKE_NONE_MESSAGE,
  type VaultIntake,
  type VaultIntakeStatus,
} from '#shared/vault-intakes.schemas.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  checkChipIntoVault,
  lockChipForChange,
  recordChipAtVault,
  returnChipToOwner,
  sendChipToVault,
} from './chip-lifecycle.ts';
import type { ChipRow } from './chips.repo.ts';
import { findLiveIntake, insertIntake, updateIntake, type VaultIntakeRow } from './vault-intakes.repo.ts';

type Move = 'receive' | 'check_in' | 'refuse' | 'cancel';

/** Where each move may start from: a received parcel can no longer be cancelled by its owner. */
const MOVES_FROM: Record<Move, readonly VaultIntakeStatus[]> = {
  receive: ['awaiting_arrival'],
  check_in: LIVE_VAULT_INTAKE_STATUSES,
  refuse: LIVE_VAULT_INTAKE_STATUSES,
  cancel: ['awaiting_arrival'],
};

/** Why `move` is not allowed from the shipment's state, or null. Pure. */
export function refuseIntakeMove(intake: Pick<VaultIntakeRow, 'status'> | null, move: Move): string | null {
  if (!intake || !MOVES_FROM[move].includes(intake.status)) {
    if (move === 'cancel' && intake?.status === 'received')
      return 'The vault has received this parcel: it can no longer be cancelled.';
    if (move === 'receive' && intake?.status === 'received') return 'This parcel is already marked received.';
    return VAULT_INTAKE_NONE_MESSAGE;
  }
  return null;
}

/** A reference the owner writes on the parcel: short, unambiguous, unguessable enough to be unique. */
export function newIntakeReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(8);
  let code = '';
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return `VAULT-${code.slice(0, 4)}-${code.slice(4)}`;
}

export function toVaultIntakeDto(row: VaultIntakeRow): VaultIntake {
  return {
    id: row.id,
    chipId: row.chipId,
    status: row.status,
    reference: row.reference,
    vaultAddress: row.vaultAddress,
    refusalReason: row.refusalReason,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    refusedAt: row.refusedAt?.toISOString() ?? null,
  };
}

/** The owner sends a chip they hold to the vault: the chip becomes inbound, the shipment awaits arrival. */
export async function openVaultIntake(
  tx: Db,
  chip: ChipRow,
  args: { ownerId: number; vaultAddress: string; now: Date },
): Promise<VaultIntakeRow> {
  const reference = newIntakeReference();
  await sendChipToVault(tx, chip, { actorId: args.ownerId, reference, now: args.now });
  return insertIntake(tx, {
    chipId: chip.id,
    ownerId: args.ownerId,
    status: 'awaiting_arrival',
    reference,
    vaultAddress: args.vaultAddress,
  });
}

/** Locks the chip, then its live shipment, and checks `move` may start: the pair every move needs. */
async function lockForMove(
  tx: Db,
  chipId: number,
  move: Move,
): Promise<{ chip: ChipRow; intake: VaultIntakeRow }> {
  const chip = await lockChipForChange(tx, chipId);
  if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const intake = await findLiveIntake(tx, chipId, true);
  const refusal = refuseIntakeMove(intake, move);
  if (refusal || !intake) throw new AppError('CONFLICT', refusal ?? VAULT_INTAKE_NONE_MESSAGE);
  return { chip, intake };
}

/** The chip's live shipment, locked with its chip, for a move by its owner (404 for anyone else). */
async function lockOwnIntake(tx: Db, chipId: number, ownerId: number, move: Move) {
  const locked = await lockForMove(tx, chipId, move);
  if (locked.intake.ownerId !== ownerId) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  return locked;
}

/** awaiting_arrival → received: the parcel is in, not yet checked. */
export async function receiveVaultIntake(tx: Db, chipId: number, args: { adminId: number; now: Date }) {
  const { chip, intake } = await lockForMove(tx, chipId, 'receive');
  await recordChipAtVault(tx, chip, { adminId: args.adminId, reference: intake.reference });
  return updateIntake(tx, intake.id, { status: 'received', receivedAt: args.now, decidedBy: args.adminId });
}

/** → in_vault: the caller verified a fresh tap of this very chip (its counter is recorded). */
export async function checkInVaultIntake(
  tx: Db,
  chipId: number,
  args: { adminId: number; counter: number; now: Date },
) {
  const { chip, intake } = await lockForMove(tx, chipId, 'check_in');
  await checkChipIntoVault(tx, chip, {
    adminId: args.adminId,
    reference: intake.reference,
    counter: args.counter,
  });
  return updateIntake(tx, intake.id, {
    status: 'in_vault',
    receivedAt: intake.receivedAt ?? args.now,
    checkedInAt: args.now,
    decidedBy: args.adminId,
    tapCounter: args.counter,
  });
}

/** → refused with a reason: the chip goes back to its owner. */
export async function refuseVaultIntake(
  tx: Db,
  chipId: number,
  args: { adminId: number; reason: string; now: Date },
) {
  const { chip, intake } = await lockForMove(tx, chipId, 'refuse');
  await returnChipToOwner(tx, chip, {
    actorId: args.adminId,
    reference: intake.reference,
    reason: args.reason,
  });
  return updateIntake(tx, intake.id, {
    status: 'refused',
    refusedAt: args.now,
    refusalReason: args.reason,
    decidedBy: args.adminId,
  });
}

/** awaiting_arrival → cancelled by its owner, before the vault has it. */
export async function cancelVaultIntake(tx: Db, chipId: number, args: { ownerId: number; now: Date }) {
  const { chip, intake } = await lockOwnIntake(tx, chipId, args.ownerId, 'cancel');
  await returnChipToOwner(tx, chip, { actorId: args.ownerId, reference: intake.reference, reason: null });
  return updateIntake(tx, intake.id, { status: 'cancelled', cancelledAt: args.now });
}
