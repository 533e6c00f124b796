/**
 * Back into the vault (issue 28): the owner asks to send a chip they hold, the vault marks the parcel
 * received, and an admin checks it in with a tap of it (flows/vault-intake verifies the tap) or
 * refuses it. Every step is on the chip's provenance (chip-lifecycle) and e-mailed to its owner, in the
 * same transaction as the change.
 */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { HANDOVER_ALREADY_OPEN_MESSAGE } from '#shared/handovers.schemas.ts';
import {
  VAULT_ADDRESS_MISSING_MESSAGE,
  LIVE_VAULT_INTAKE_STATUSES,
  type AdminVaultIntake,
  type VaultIntake,
  type VaultIntakeStatus,
} from '#shared/vault-intakes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { absoluteUrl, composeMail, enqueueMail } from '#server/platform/mail/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { lockChipForChange, ownerIdOf } from './chip-lifecycle.ts';
import { findChipById, findChipRow } from './chips.repo.ts';
import { findLiveHandover } from './handovers.repo.ts';
import {
  cancelVaultIntake,
  checkInVaultIntake,
  openVaultIntake,
  receiveVaultIntake,
  refuseVaultIntake,
  toVaultIntakeDto,
} from './vault-intake-lifecycle.ts';
import { findLatestIntake, listIntakesWithPeople, type VaultIntakeRow } from './vault-intakes.repo.ts';

type Step = 'requested' | 'received' | 'checked_in' | 'refused';

/** What the owner is told at each step. */
function stepMail(step: Step, intake: VaultIntakeRow, title: string) {
  switch (step) {
    case 'requested':
      return {
        subject: `Send your ${BRAND.name} "${title}" to our vault`,
        heading: 'Your vault reference',
        paragraphs: [
          `Pack "${title}" safely, write the reference ${intake.reference} on the parcel, and send it to our vault at the address below.`,
          `When it arrives we check it in with a tap of its tag: then you can list it for sale or keep it with us, free.`,
        ],
      };
    case 'received':
      return {
        subject: `Your ${BRAND.name} "${title}" has arrived at our vault`,
        heading: 'Your parcel has arrived',
        paragraphs: [`We have your parcel (${intake.reference}) and are checking "${title}" in.`],
      };
    case 'checked_in':
      return {
        subject: `Your ${BRAND.name} "${title}" is in our vault`,
        heading: 'Checked into the vault',
        paragraphs: [
          `A tap of its tag proved "${title}" is the very ${BRAND.name} you sent (${intake.reference}). It is now kept in our vault: you can list it for sale from your dashboard.`,
        ],
      };
    case 'refused':
      return {
        subject: `We could not check your ${BRAND.name} "${title}" into our vault`,
        heading: 'Your parcel was refused',
        paragraphs: [
          `We could not check in the parcel ${intake.reference}: ${intake.refusalReason ?? ''}`,
          `We will contact you to send it back.`,
        ],
      };
  }
}

/** Queues the owner's e-mail for `step` in the caller's transaction. */
async function mailOwner(ctx: ServiceContext, tx: Db, intake: VaultIntakeRow, step: Step): Promise<void> {
  const [owner, chip] = await Promise.all([
    findAccountById(tx, intake.ownerId),
    findChipById(tx, intake.chipId),
  ]);
  if (!owner || !chip) return;
  const publicUrl = ctx.config.publicUrl;
  const text = stepMail(step, intake, chip.chip.title);
  const mail = await composeMail({
    to: owner.email,
    template: `vault-${step.replace('_', '-')}`,
    publicUrl,
    greeting: owner,
    ...text,
    details: [
      { label: 'Reference', value: intake.reference },
      ...(step === 'requested' ? [{ label: 'Send it to', value: intake.vaultAddress }] : []),
    ],
    action: {
      label: `Open the ${BRAND.name}`,
      url: absoluteUrl(publicUrl, ROUTES.chip(chip.creatorUsername, chip.chip.slug)),
    },
  });
  await enqueueMail(tx, mail);
}

/** POST /api/artchip/:id/send-to-vault: the owner of a chip they hold gets the vault's address and a reference. */
export async function sendToVault(ctx: ServiceContext, user: AuthUser, chipId: number): Promise<VaultIntake> {
  const vaultAddress = (await getSiteSettings(ctx)).vaultAddress.trim();
  const now = ctx.clock();
  const intake = await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    // An owner's tools never reveal that someone else's chip exists.
    if (!chip || ownerIdOf(chip) !== user.id) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    if (await findLiveHandover(tx, chip.id)) throw new AppError('CONFLICT', HANDOVER_ALREADY_OPEN_MESSAGE);
    if (!vaultAddress) throw new AppError('CONFLICT', VAULT_ADDRESS_MISSING_MESSAGE);
    const row = await openVaultIntake(tx, chip, { ownerId: user.id, vaultAddress, now });
    await mailOwner(ctx, tx, row, 'requested');
    return row;
  });
  ctx.log.info({ chipId, intakeId: intake.id }, 'chip sent to the vault');
  return toVaultIntakeDto(intake);
}

/** GET /api/artchip/:id/send-to-vault: the chip's latest inbound shipment, for its owner or an admin. */
export async function getVaultIntake(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<{ intake: VaultIntake | null }> {
  const chip = await findChipRow(ctx.db, chipId);
  if (!chip || (ownerIdOf(chip) !== user.id && user.role !== 'admin')) {
    throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  }
  const latest = await findLatestIntake(ctx.db, chipId);
  // A new owner does not see a former owner's shipment.
  const intake = latest && (latest.ownerId === ownerIdOf(chip) || user.role === 'admin') ? latest : null;
  return { intake: intake ? toVaultIntakeDto(intake) : null };
}

/** DELETE /api/artchip/:id/send-to-vault: the owner changes their mind before the parcel arrives. */
export async function cancelSendToVault(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<VaultIntake> {
  const row = await ctx.db.transaction((tx) =>
    cancelVaultIntake(tx, chipId, { ownerId: user.id, now: ctx.clock() }),
  );
  return toVaultIntakeDto(row);
}

/** GET /api/admin/vault-intakes: the intake queue (live shipments by default), oldest first. */
export async function listVaultIntakes(
  ctx: ServiceContext,
  status: 'live' | VaultIntakeStatus,
): Promise<AdminVaultIntake[]> {
  const statuses = status === 'live' ? LIVE_VAULT_INTAKE_STATUSES : [status];
  const rows = await listIntakesWithPeople(ctx.db, statuses);
  return rows.map((r) => ({
    ...toVaultIntakeDto(r.intake),
    chipTitle: r.chipTitle,
    chipUnitId: r.chipUnitId,
    chipImageUrl: r.chipImageUrl,
    ownerUsername: r.ownerUsername,
    ownerEmail: r.ownerEmail,
  }));
}

/**
 * An admin's move on a parcel, in one transaction with the owner's e-mail about it; logged, and
 * answered as the shipment now stands.
 */
async function decide(
  ctx: ServiceContext,
  step: Exclude<Step, 'requested'>,
  move: (tx: Db, now: Date) => Promise<VaultIntakeRow>,
): Promise<VaultIntake> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await move(tx, ctx.clock());
    await mailOwner(ctx, tx, updated, step);
    return updated;
  });
  ctx.log.info({ chipId: row.chipId, intakeId: row.id, step }, 'vault intake moved');
  return toVaultIntakeDto(row);
}

/** POST /api/admin/artchip/:id/intake/received: the parcel is in, to be checked by a tap. */
export function markVaultIntakeReceived(ctx: ServiceContext, admin: AuthUser, chipId: number) {
  return decide(ctx, 'received', (tx, now) => receiveVaultIntake(tx, chipId, { adminId: admin.id, now }));
}

/** POST /api/admin/artchip/:id/intake { refuse }: the parcel is refused with a reason. */
export function refuseVaultIntakeByAdmin(
  ctx: ServiceContext,
  admin: AuthUser,
  chipId: number,
  reason: string,
) {
  return decide(ctx, 'refused', (tx, now) =>
    refuseVaultIntake(tx, chipId, { adminId: admin.id, reason, now }),
  );
}

/**
 * POST /api/admin/artchip/:id/intake with a tap: the caller (flows/vault-intake) verified a fresh
 * tap of this very chip at `counter`; the chip is checked in.
 */
export function checkInVaultIntakeByTap(
  ctx: ServiceContext,
  admin: AuthUser,
  chipId: number,
  counter: number,
) {
  return decide(ctx, 'checked_in', (tx, now) =>
    checkInVaultIntake(tx, chipId, { adminId: admin.id, counter, now }),
  );
}
