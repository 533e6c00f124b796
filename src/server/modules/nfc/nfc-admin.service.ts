import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import type {
  NfcProvisioning,
  NfcTag,
  NfcTagMode,
  NfcTap,
  ProvisionNfcTagInput,
  SetNfcTagInput,
  TapStatus,
} from '#shared/nfc.schemas.ts';
import { findChipRef, isNfcUidOnOtherChip, setChipNfcUid } from '#server/modules/chips/index.ts';
import { SDM_FILE_READ_KEY_NUMBER, SDM_META_READ_KEY_NUMBER, type NfcKeyring } from './nfc-keys.ts';
import {
  findActiveTagByChipId,
  isUidTakenByOtherChip,
  listTapsByChip,
  resetTagCounter,
  retireOtherTagsOfChip,
  upsertTag,
  type NfcTagRow,
  type NfcTapRow,
} from './nfc.repo.ts';
import { forgetMetaKeys, tagMode } from './nfc.service.ts';
import { buildSdmTemplate, sunUrlTemplate } from './sdm-template.ts';

const CHIP_NOT_FOUND = 'Artchip not found';
const UID_TAKEN = 'This NFC UID is already assigned to another Artchip';
const TAP_HISTORY_LIMIT = 200;
/** NDEF file of an NTAG 424 DNA application. */
const NDEF_FILE_NUMBER = 2;
// No key may read the counter with GetFileCounters; the server learns it from taps.
const SDM_CTR_RET_NONE = 0x0f;

function toNfcTagDto(row: NfcTagRow): NfcTag {
  return {
    id: row.id,
    chipId: row.chipId,
    uid: row.uid,
    mode: tagMode(row),
    keySource: row.keySource === 'diversified' ? 'diversified' : 'supplied',
    metaReadKeyId: row.metaReadKeyId,
    urlTemplate: row.urlTemplate,
    lastCounter: row.lastCounter,
    status: row.status === 'retired' ? 'retired' : 'active',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toNfcTapDto(row: NfcTapRow): NfcTap {
  return {
    id: row.id,
    tagId: row.tagId,
    uid: row.uid,
    counter: row.counter,
    status: row.status as TapStatus,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireChip(db: Db, chipId: number) {
  const chip = await findChipRef(db, chipId);
  if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND);
  return chip;
}

type AssignTag = {
  chipId: number;
  adminId: number;
  keyring: NfcKeyring;
  uid: string;
  mode: NfcTagMode;
  metaReadKey: Buffer;
  fileReadKey: Buffer;
  keySource: 'diversified' | 'supplied';
  urlTemplate: string | null;
};

// One chip, one active tag; the UID also goes on the chip (chips.nfc_uid) for the legacy /?UID= landing.
async function assignTag(db: Db, a: AssignTag): Promise<NfcTagRow> {
  const row = await db.transaction(async (tx) => {
    await requireChip(tx, a.chipId);
    if (
      (await isUidTakenByOtherChip(tx, a.uid, a.chipId)) ||
      (await isNfcUidOnOtherChip(tx, a.uid, a.chipId))
    ) {
      throw new AppError('CONFLICT', UID_TAKEN);
    }
    const before = await findActiveTagByChipId(tx, a.chipId);
    const tag = await upsertTag(tx, a.chipId, {
      uid: a.uid,
      mode: a.mode,
      metaReadKeyEnc: a.keyring.seal(a.metaReadKey, a.uid, 'metaRead'),
      fileReadKeyEnc: a.keyring.seal(a.fileReadKey, a.uid, 'fileRead'),
      metaReadKeyId: a.keyring.keyId(a.metaReadKey),
      keySource: a.keySource,
      urlTemplate: a.urlTemplate,
    });
    if (!tag) throw new AppError('CONFLICT', UID_TAKEN);
    await retireOtherTagsOfChip(tx, a.chipId, a.uid);
    await setChipNfcUid(tx, a.chipId, a.uid);
    // The audit row names the key fingerprint only; keys never leave the sealed columns.
    await recordAudit(tx, {
      adminId: a.adminId,
      action: 'nfc_tag.set',
      entity: 'chip',
      entityId: a.chipId,
      before: before ? toNfcTagDto(before) : null,
      after: toNfcTagDto(tag),
    });
    return tag;
  });
  forgetMetaKeys(a.keyring);
  return row;
}

/** The chip's active tag (no keys), or null; NOT_FOUND when the chip does not exist. */
export async function getChipNfcTag(db: Db, chipId: number): Promise<NfcTag | null> {
  await requireChip(db, chipId);
  const tag = await findActiveTagByChipId(db, chipId);
  return tag ? toNfcTagDto(tag) : null;
}

/** Registers a tag programmed with admin-supplied keys (write-only: stored sealed, never returned). */
export async function setNfcTag(
  db: Db,
  options: { chipId: number; adminId: number; keyring: NfcKeyring; input: SetNfcTagInput },
): Promise<NfcTag> {
  const { input } = options;
  const tag = await assignTag(db, {
    ...options,
    uid: input.uid,
    mode: input.mode,
    metaReadKey: Buffer.from(input.metaReadKey, 'hex'),
    fileReadKey: Buffer.from(input.fileReadKey, 'hex'),
    keySource: 'supplied',
    urlTemplate: input.urlTemplate ?? null,
  });
  return toNfcTagDto(tag);
}

/**
 * Creates the tag record with AN10922 keys diversified from the master key and answers what the programming
 * station must write. The keys are not in the answer: the station derives them from the master key and the
 * diversification inputs, so a leaked response cannot forge taps.
 */
export async function provisionNfcTag(
  db: Db,
  options: {
    chipId: number;
    adminId: number;
    keyring: NfcKeyring;
    publicUrl: string;
    input: ProvisionNfcTagInput;
  },
): Promise<NfcProvisioning> {
  const { keyring, input } = options;
  let template;
  try {
    template = buildSdmTemplate(sunUrlTemplate(options.publicUrl), input.mode);
  } catch (err) {
    throw new AppError('UNPROCESSABLE', `Cannot provision: ${(err as Error).message}`);
  }
  const keys = keyring.diversify(input.uid);
  const tag = await assignTag(db, {
    chipId: options.chipId,
    adminId: options.adminId,
    keyring,
    uid: input.uid,
    mode: input.mode,
    metaReadKey: keys.metaReadKey,
    fileReadKey: keys.fileReadKey,
    keySource: 'diversified',
    urlTemplate: template.urlTemplate,
  });
  return {
    tag: toNfcTagDto(tag),
    urlTemplate: template.urlTemplate,
    ndefUrl: template.ndefUrl,
    ndefFileHex: template.ndefFileHex,
    sdm: {
      mode: input.mode,
      fileNumber: NDEF_FILE_NUMBER,
      uidMirror: true,
      readCtrMirror: true,
      encryptedFileData: false,
      asciiEncoding: true,
      sdmMetaReadKey: SDM_META_READ_KEY_NUMBER,
      sdmFileReadKey: SDM_FILE_READ_KEY_NUMBER,
      sdmCtrRetKey: SDM_CTR_RET_NONE,
      piccDataOffset: template.piccDataOffset,
      sdmMacInputOffset: template.sdmMacInputOffset,
      sdmMacOffset: template.sdmMacOffset,
    },
    keys: {
      sdmMetaRead: {
        keyNumber: SDM_META_READ_KEY_NUMBER,
        scheme: 'AN10922-AES128',
        diversificationInput: keys.metaReadInput.toString('hex').toUpperCase(),
        scope: 'all-tags',
      },
      sdmFileRead: {
        keyNumber: SDM_FILE_READ_KEY_NUMBER,
        scheme: 'AN10922-AES128',
        diversificationInput: keys.fileReadInput.toString('hex').toUpperCase(),
        scope: 'per-tag',
      },
    },
    masterKeySource: keyring.masterKeySource,
    notes: [
      ...(input.mode === 'LRP'
        ? ['Switch the tag to LRP (SetConfiguration) first: it cannot be switched back to AES.']
        : []),
      'Change keys 1 and 2 from the factory default before enabling SDM.',
      'Enabling SDM (ChangeFileSettings) resets the tag counter to 0; the server counter was reset with it.',
      'Tap the tag once after programming: the page must say "Authentic".',
    ],
  };
}

/** Forgets the accepted counter after a re-programming (SDM re-enabled → the tag counts from 0 again). */
export async function resetNfcCounter(db: Db, options: { chipId: number; adminId: number }): Promise<NfcTag> {
  return db.transaction(async (tx) => {
    await requireChip(tx, options.chipId);
    const tag = await findActiveTagByChipId(tx, options.chipId);
    if (!tag) throw new AppError('NOT_FOUND', 'This Artchip has no NFC tag');
    const updated = (await resetTagCounter(tx, tag.id))!;
    await recordAudit(tx, {
      adminId: options.adminId,
      action: 'nfc_tag.reset_counter',
      entity: 'chip',
      entityId: options.chipId,
      before: { lastCounter: tag.lastCounter },
      after: { lastCounter: updated.lastCounter },
    });
    return toNfcTagDto(updated);
  });
}

/** The chip's recorded taps, newest first (last 200). */
export async function listChipTaps(db: Db, chipId: number): Promise<NfcTap[]> {
  await requireChip(db, chipId);
  return (await listTapsByChip(db, chipId, TAP_HISTORY_LIMIT)).map(toNfcTapDto);
}
