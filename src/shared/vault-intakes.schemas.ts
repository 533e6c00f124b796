/**
 * Back into the vault (issue 28, PRODUCT.md "Custody"): the owner of a chip they hold sends it in with a
 * reference; an admin checks it in only with a fresh, verified tap of that very chip, or refuses it with
 * a reason. An inbound shipment's states:
 *
 *   awaiting_arrival ──received (parcel opened)──▶ received ──checked in by tap──▶ in_vault
 *          │  └──────────────checked in by tap─────────────────────────────────▲
 *          ├──cancel (its owner)──▶ cancelled
 *          └──refuse (reason)──▶ refused ◀──refuse── received
 */
import { z } from 'zod';
import { BRAND } from './brand.ts';

export const VAULT_INTAKE_STATUSES = [
  'awaiting_arrival',
  'received',
  'in_vault',
  'refused',
  'cancelled',
] as const;
export type VaultIntakeStatus = (typeof VAULT_INTAKE_STATUSES)[number];
/** An inbound shipment in one of these is live: at most one per chip (a partial unique index). */
export const LIVE_VAULT_INTAKE_STATUSES = ['awaiting_arrival', 'received'] as const;

/** Words for each state, for the owner's chip page, the admin queue and e-mails. */
export const VAULT_INTAKE_STATUS_LABELS: Record<VaultIntakeStatus, string> = {
  awaiting_arrival: 'Awaiting arrival',
  received: 'Received, being checked',
  in_vault: 'In the vault',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

/** The reasons an admin picks from when refusing a parcel; "other" takes their own words. */
export const VAULT_REFUSAL_REASONS = {
  another_chip: `The parcel holds another ${BRAND.name}: its tap is not this one's.`,
  damaged: `The ${BRAND.name} arrived damaged.`,
  missing_tag: `The ${BRAND.name}'s tag does not answer a tap.`,
} as const;

export const VAULT_ADDRESS_MISSING_MESSAGE = `The vault is not taking ${BRAND.plural} in yet. Please contact us.`;
export const VAULT_INTAKE_OPEN_MESSAGE = `This ${BRAND.name} is already on its way to the vault.`;
export const VAULT_INTAKE_NONE_MESSAGE = `This ${BRAND.name} is not on its way to the vault.`;
export const VAULT_TAP_INVALID_MESSAGE = `This tap is not a fresh, verified tap: hold the phone to the ${BRAND.name} again.`;
export const VAULT_TAP_OTHER_CHIP_MESSAGE = `This tap is of another ${BRAND.name}: it cannot check this one in.`;

/** One inbound shipment as its owner and the admins see it. */
export const VaultIntakeSchema = z.object({
  id: z.number().int(),
  chipId: z.number().int(),
  status: z.enum(VAULT_INTAKE_STATUSES),
  /** What the owner writes on the parcel, so the vault knows whose it is. */
  reference: z.string(),
  /** Where to send it (site settings), as written there. */
  vaultAddress: z.string(),
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
});
export type VaultIntake = z.infer<typeof VaultIntakeSchema>;

/** GET /api/artchip/:id/send-to-vault: the chip's latest inbound shipment (its owner only), or null. */
export const VaultIntakeEnvelopeSchema = z.object({ intake: VaultIntakeSchema.nullable() });

/** A row of the admin intake queue: the shipment, its chip and its owner. */
export const AdminVaultIntakeSchema = VaultIntakeSchema.extend({
  chipTitle: z.string(),
  chipUnitId: z.string().nullable(),
  chipImageUrl: z.string().nullable(),
  ownerUsername: z.string(),
  ownerEmail: z.string(),
});
export type AdminVaultIntake = z.infer<typeof AdminVaultIntakeSchema>;

export const AdminVaultIntakesQuerySchema = z.object({
  status: z.enum(['live', ...VAULT_INTAKE_STATUSES]).default('live'),
});

const hex = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(200, { error: `${name} is too long` })
    .regex(/^[0-9A-Fa-f]+$/, { error: `${name} must be hexadecimal` });

/**
 * POST /api/admin/artchip/:id/intake: the admin's tap of the chip in hand (its URL's `picc_data` and
 * `cmac`, with `enc` for a tag that mirrors encrypted file data such as an LRP tag; or the tapped URL
 * whole), or a refusal with a reason.
 */
export const VaultIntakeInputSchema = z.union([
  z.object({
    refuse: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(3, { error: 'A reason is required' })
      .max(500, { error: 'Keep the reason under 500 characters' }),
  }),
  z.object({ url: z.string().trim().min(1).max(2000) }),
  z.object({ picc_data: hex('picc_data'), enc: hex('enc').optional(), cmac: hex('cmac') }),
]);
export type VaultIntakeInput = z.infer<typeof VaultIntakeInputSchema>;
