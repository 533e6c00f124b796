/**
 * Lost and stolen (issue 15): the owner reports a chip, every tap and its page say so, and whoever
 * holds it can write to the owner through the platform without learning their address.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CHIP_NOT_FOUND_MESSAGE, type Chip, type ChipReportStatus } from '#shared/chips.schemas.ts';
import { REPORT_NOT_REPORTED_MESSAGE, type MessageOwnerInput } from '#shared/handovers.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { composeMail, enqueueMail } from '#server/platform/mail/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { isChipPublic, lockChipForChange, ownerIdOf, reportChip } from './chip-lifecycle.ts';
import { findChipById, findChipRow } from './chips.repo.ts';
import { getChipDto } from './chips.service.ts';

/** POST /api/artchip/:id/report: the owner reports the chip lost or stolen, or clears it ('none'). */
export async function reportChipByOwner(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  status: ChipReportStatus,
): Promise<Chip> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    // An owner's tools never reveal that someone else's chip exists.
    if (!chip || ownerIdOf(chip) !== user.id) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    await reportChip(tx, chip, { actorId: user.id, status, now });
  });
  return getChipDto(ctx, chipId, user);
}

/** One line for a mail header: a visitor's words must not smuggle in line breaks. */
function oneLine(text: string, max: number): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, max);
}

/**
 * POST /api/artchip/:id/message-owner: whoever holds a reported chip writes to its owner. The owner's
 * address is never shown; the sender's contact (if given) is passed on as written.
 */
export async function messageChipOwner(
  ctx: ServiceContext,
  sender: AuthUser | null,
  chipId: number,
  input: MessageOwnerInput,
): Promise<{ sent: true }> {
  const chip = await findChipRow(ctx.db, chipId);
  if (!chip || !isChipPublic(chip)) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  if (chip.reportStatus === 'none') throw new AppError('CONFLICT', REPORT_NOT_REPORTED_MESSAGE);
  const owner = await findAccountById(ctx.db, ownerIdOf(chip));
  if (!owner) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const withPeople = await findChipById(ctx.db, chipId);
  const publicUrl = ctx.config.publicUrl;
  const contact = input.contact ? oneLine(input.contact, 200) : null;
  const mail = await composeMail({
    to: owner.email,
    subject: `Someone has news about your ${chip.reportStatus} ${BRAND.name} "${oneLine(chip.title, 80)}"`,
    template: 'chip-found-message',
    publicUrl,
    greeting: owner,
    heading: `A message about your ${BRAND.name}`,
    paragraphs: [
      `You reported "${chip.title}" ${chip.reportStatus}. Someone who has it in hand wrote to you through ${BRAND.name}:`,
    ],
    quote: input.message,
    details: [
      { label: 'From', value: sender ? `@${sender.username}` : 'A visitor (not signed in)' },
      ...(contact ? [{ label: 'How to reach them', value: contact }] : []),
    ],
    action: withPeople
      ? {
          label: `Open the ${BRAND.name}`,
          url: `${publicUrl}${ROUTES.chip(withPeople.creatorUsername, chip.slug)}`,
        }
      : null,
    notes: [
      `Your e-mail address was not shown to them. Clear the report from your dashboard once you have it back.`,
    ],
  });
  await enqueueMail(ctx.db, mail);
  ctx.log.info({ chipId, senderId: sender?.id ?? null }, 'message to the owner of a reported chip');
  return { sent: true };
}
