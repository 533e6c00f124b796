/**
 * POST /api/admin/artchip/:id/intake (issue 28): an admin checks a chip into the vault only with a
 * fresh, verified tap of that very chip, or refuses the parcel with a reason. The tap goes through the
 * same verification as any tap (the MAC, and the counter above every one accepted before, which also
 * makes a replayed tap "repeated"); the chips module then moves the chip and its inbound shipment.
 */
import type { NfcKeyring } from '#server/modules/nfc/index.ts';
import {
  VAULT_INTAKE_NONE_MESSAGE,
  VAULT_TAP_INVALID_MESSAGE,
  VAULT_TAP_OTHER_CHIP_MESSAGE,
  type VaultIntake,
  type VaultIntakeInput,
} from '#shared/vault-intakes.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  checkInVaultIntakeByTap,
  findLiveVaultIntake,
  refuseVaultIntakeByAdmin,
} from '#server/modules/chips/index.ts';
import { verifyTap } from '#server/modules/nfc/index.ts';

/** The tap's query exactly as a tag writes it: picc_data, then enc, then cmac (the MAC covers enc…cmac). */
function tapQueryOf(input: Exclude<VaultIntakeInput, { refuse: string }>): string {
  if ('url' in input) return input.url;
  const parts = [`picc_data=${input.picc_data}`];
  if (input.enc) parts.push(`enc=${input.enc}`);
  parts.push(`cmac=${input.cmac}`);
  return `?${parts.join('&')}`;
}

export async function intakeChip(
  ctx: ServiceContext,
  args: { admin: AuthUser; chipId: number; input: VaultIntakeInput; keyring: NfcKeyring },
): Promise<VaultIntake> {
  const { admin, chipId, input } = args;
  if ('refuse' in input) return refuseVaultIntakeByAdmin(ctx, admin, chipId, input.refuse);
  // Nothing to check in: say so before a tap is spent on it.
  if (!(await findLiveVaultIntake(ctx.db, chipId))) throw new AppError('CONFLICT', VAULT_INTAKE_NONE_MESSAGE);
  const tap = await verifyTap(ctx, {
    rawUrl: tapQueryOf(input),
    keyring: args.keyring,
    viewer: admin,
    log: ctx.log,
  });
  if (tap.status !== 'authentic' || tap.counter === null) {
    ctx.log.warn({ chipId, tapStatus: tap.status }, 'vault intake tap refused');
    throw new AppError('UNPROCESSABLE', VAULT_TAP_INVALID_MESSAGE);
  }
  if (tap.chip?.id !== chipId) {
    ctx.log.warn({ chipId, tappedChipId: tap.chip?.id ?? null }, 'vault intake tap of another chip');
    throw new AppError('UNPROCESSABLE', VAULT_TAP_OTHER_CHIP_MESSAGE);
  }
  return checkInVaultIntakeByTap(ctx, admin, chipId, tap.counter);
}
