import { z } from 'zod';
import { ChipSchema } from './chips.schemas.ts';
import { MAX_ID } from './input.ts';
import { HandoverTapSchema, TapClaimSchema } from './handovers.schemas.ts';

/** What a tap proved (issue 7): only 'authentic' moves the tag's counter and counts as a verification. */
const TAP_STATUSES = ['authentic', 'repeated', 'suspected_clone', 'invalid', 'unknown_tag'] as const;
export type TapStatus = (typeof TAP_STATUSES)[number];

/**
 * The tag's cipher: AES (every NTAG 424 DNA out of the box) or LRP (AN12304; a tag switched to LRP with
 * SetConfiguration can never go back). Stored per tag: plain-mirror taps carry no hint of it.
 */
export const NFC_TAG_MODES = ['AES', 'LRP'] as const;
export type NfcTagMode = (typeof NFC_TAG_MODES)[number];
const ModeSchema = z.enum(NFC_TAG_MODES, { error: 'Mode must be AES or LRP' }).default('AES');
const NFC_TAG_STATUSES = ['active', 'retired'] as const;
const NFC_KEY_SOURCES = ['diversified', 'supplied'] as const;

/** Query parameters that make `/` a SUN tap (SUN.md §1.1): picc_data, uid+ctr+cmac, e+c, p+c, bulk e. */
export function isSunTapQuery(params: URLSearchParams): boolean {
  if (params.has('picc_data')) return true;
  if (params.has('uid') && params.has('ctr') && params.has('cmac')) return true;
  if (params.has('e')) return true;
  return params.has('p') && params.has('c');
}

/**
 * GET /api/artchip/tap: anything goes here, because the server verifies the raw query string (the MAC covers
 * the exact text, so it must never be re-encoded); a malformed tap answers status 'invalid', not 400.
 */
export const TapQuerySchema = z.looseObject({});

/** GET /api/artchip/tap answer. uid/counter/chip are null unless the tap's MAC verified. */
export const TapResultSchema = z.object({
  status: z.enum(TAP_STATUSES),
  uid: z.string().nullable(),
  counter: z.number().int().nullable(),
  chip: ChipSchema.nullable(),
  /**
   * The tap verified and names one of our chips, but an admin took it down: the chip is genuine and
   * unavailable (chip is null for everyone but its owner and admins; decision 062).
   */
  unavailable: z.boolean(),
  /** A fresh authentic tap of a chip with an open handover: the token that claims it (issue 15). */
  claim: TapClaimSchema.nullable(),
  /** Why this tap cannot claim the chip being handed over (an old or replayed tap, a reported chip). */
  claimMessage: z.string().nullable(),
  /** A fresh authentic tap by the chip's signed-in owner, who may hand it over: opens a handover (decision 038). */
  handoverTap: HandoverTapSchema.nullable(),
  /** A fresh authentic tap by the signed-in buyer of the chip's shipped order delivered it (decision 064). */
  deliveredOrderId: z.number().int().nullable(),
});
export type TapResult = z.infer<typeof TapResultSchema>;

const KEY_HEX = /^[0-9A-Fa-f]{32}$/;
const FACTORY_KEY = /^0{32}$/;

const UidSchema = z
  .string({ error: 'UID is required' })
  .trim()
  .regex(/^[0-9A-Fa-f]{14}$/, 'UID must be 14 hex characters (7 bytes)')
  .transform((v) => v.toUpperCase());

const AesKeySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(KEY_HEX, `${label} must be 32 hex characters`)
    // SUN.md pitfall 13: a tag left with factory keys can be cloned by anyone.
    .refine((v) => !FACTORY_KEY.test(v), `${label} must not be the factory default (all zeros)`)
    .transform((v) => v.toUpperCase());

/** POST /api/admin/artchip/:id/nfc-tag: register a tag programmed elsewhere. Keys are write-only. */
export const SetNfcTagInputSchema = z.object({
  uid: UidSchema,
  mode: ModeSchema,
  metaReadKey: AesKeySchema('Meta-read key'),
  fileReadKey: AesKeySchema('File-read key'),
  urlTemplate: z.string().trim().max(500, 'URL template must be at most 500 characters').optional(),
});
export type SetNfcTagInput = z.infer<typeof SetNfcTagInputSchema>;

/** POST /api/admin/artchip/:id/nfc-tag/provision: the server diversifies the keys; only UID and mode are sent. */
export const ProvisionNfcTagInputSchema = z.object({ uid: UidSchema, mode: ModeSchema });
export type ProvisionNfcTagInput = z.infer<typeof ProvisionNfcTagInputSchema>;

/** A tag as admins see it; never carries a key. */
export const NfcTagSchema = z.object({
  id: z.number().int(),
  chipId: z.number().int().nullable(),
  uid: z.string(),
  mode: z.enum(NFC_TAG_MODES),
  keySource: z.enum(NFC_KEY_SOURCES),
  metaReadKeyId: z.string(),
  urlTemplate: z.string().nullable(),
  /** -1 until the first accepted tap. */
  lastCounter: z.number().int(),
  status: z.enum(NFC_TAG_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NfcTag = z.infer<typeof NfcTagSchema>;

export const NfcTagEnvelopeSchema = z.object({ tag: NfcTagSchema.nullable() });

const KeyDiversificationSchema = z.object({
  /** Key number on the tag (ChangeKey / access rights). */
  keyNumber: z.number().int(),
  scheme: z.literal('AN10922-AES128'),
  /** Diversification input M (hex): K = CMAC'(master, 01 || M). The key itself is never sent. */
  diversificationInput: z.string(),
  /** Shared by every tag (the UID is unknown until PICCData is decrypted) or per tag. */
  scope: z.enum(['all-tags', 'per-tag']),
});

/** Everything a programming station needs to write the tag, besides the master key it already holds. */
export const NfcProvisioningSchema = z.object({
  tag: NfcTagSchema,
  /** The URL the tag mirrors, with {PICCData} and {MAC} placeholders. */
  urlTemplate: z.string(),
  /** The same URL with zero placeholders, exactly as written to the NDEF file. */
  ndefUrl: z.string(),
  /** Whole NDEF file (NLEN + URI record) as hex, ready for WriteData to file 02. */
  ndefFileHex: z.string(),
  sdm: z.object({
    mode: z.enum(NFC_TAG_MODES),
    fileNumber: z.number().int(),
    uidMirror: z.boolean(),
    readCtrMirror: z.boolean(),
    encryptedFileData: z.boolean(),
    asciiEncoding: z.boolean(),
    sdmMetaReadKey: z.number().int(),
    sdmFileReadKey: z.number().int(),
    sdmCtrRetKey: z.number().int(),
    /** Byte offsets from the start of the NDEF file (NLEN included), as ChangeFileSettings wants them. */
    piccDataOffset: z.number().int(),
    sdmMacInputOffset: z.number().int(),
    sdmMacOffset: z.number().int(),
  }),
  keys: z.object({ sdmMetaRead: KeyDiversificationSchema, sdmFileRead: KeyDiversificationSchema }),
  /** Where the master key came from: the NFC_MASTER_KEY setting or this install's generated key file. */
  masterKeySource: z.enum(['NFC_MASTER_KEY', 'install-key-file']),
  /** Reminder shown to the operator: SDM (re)enabling resets the tag counter; the server counter was reset. */
  notes: z.array(z.string()),
});
export type NfcProvisioning = z.infer<typeof NfcProvisioningSchema>;

/** One recorded tap in the admin history. */
const NfcTapSchema = z.object({
  id: z.number().int(),
  tagId: z.number().int().nullable(),
  uid: z.string().nullable(),
  counter: z.number().int().nullable(),
  status: z.enum(TAP_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type NfcTap = z.infer<typeof NfcTapSchema>;

export const NfcTapListSchema = z.object({ items: z.array(NfcTapSchema) });

/** GET /api/admin/production-sheet: explicit chip ids ("1,2,3") or every chip of one order. */
export const ProductionSheetQuerySchema = z
  .object({
    chipIds: z
      .string()
      .trim()
      .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, 'chipIds must be a comma-separated list of ids')
      .optional(),
    orderId: z.coerce.number({ error: 'orderId must be a number' }).int().positive().max(MAX_ID).optional(),
  })
  .refine((q) => q.chipIds !== undefined || q.orderId !== undefined, {
    message: 'Give chipIds or orderId',
    path: ['chipIds'],
  });
export type ProductionSheetQuery = z.infer<typeof ProductionSheetQuerySchema>;

export const ChipIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
