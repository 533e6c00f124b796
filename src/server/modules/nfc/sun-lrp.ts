import { AES_BLOCK_BYTES, truncateSdmMac } from './aes-cmac.ts';
import { lrpCmac, lricbDecrypt } from './lrp.ts';

/*
 * The SUN crypto of an NTAG 424 DNA in LRP mode (SUN.md §5; NT4H2421Gx §9.3.4.2, §9.3.6.2, §9.3.8.2, §9.3.9.2).
 * Pure functions over bytes; sun.ts parses taps, checks PICCData and dispatches here by the tag's mode.
 *
 *   PICCData (24 bytes) = PICCRand(8) || LRICB(K_SDMMetaRead, updated key 0, counter = PICCRand)(16-byte block)
 *   SV  = 00 01 00 80 || UID(7) || ctr(3, LSB first) || 1E E1
 *   Km  = CMAC_LRP(K_SDMFileRead, updated key 0, SV)          -- per-tap session master key
 *   MAC = MACt(CMAC_LRP(Km, updated key 0, MAC span))
 *   enc = LRICB(Km, updated key 1, counter = ctr(LSB) || 00 00 00), no padding
 */

/** Random prefix of LRP PICCData, also the LRICB counter of its encrypted part. */
export const LRP_PICC_RAND_BYTES = 8;
/** LRP PICCData: PICCRand plus one encrypted block (48 hex chars in the URL). */
export const LRP_PICC_DATA_BYTES = LRP_PICC_RAND_BYTES + AES_BLOCK_BYTES;

const SV_PREFIX = Buffer.from('00010080', 'hex');
const SV_SUFFIX = Buffer.from('1EE1', 'hex');
/** LRICB updated key for SDMENCFileData; MACs and PICCData use updated key 0. */
export const LRP_FILE_DATA_UPDATED_KEY = 1;

function assertLength(value: Uint8Array, bytes: number, what: string): void {
  if (value.length !== bytes) throw new RangeError(`${what} must be ${bytes} bytes, got ${value.length}`);
}

/** Decrypts LRP PICCData to its 16-byte plaintext (PICCDataTag || UID || ctr || padding); no checks. */
export function decryptLrpPiccPlaintext(metaReadKey: Uint8Array, piccData: Uint8Array): Buffer {
  assertLength(piccData, LRP_PICC_DATA_BYTES, 'LRP PICCData');
  const piccRand = piccData.subarray(0, LRP_PICC_RAND_BYTES);
  return lricbDecrypt(metaReadKey, piccRand, piccData.subarray(LRP_PICC_RAND_BYTES), { pad: false });
}

/** LRP session vector and session master key. */
export type LrpSessionKeys = { sv: Buffer; masterKey: Buffer };

/** SV = 0001 0080 || UID || ctr(LSB) || 1EE1 (one block with UID and counter mirrored), Km = CMAC_LRP(K, SV). */
export function deriveLrpSessionKeys(
  fileReadKey: Uint8Array,
  uid: Uint8Array,
  counterLsb: Uint8Array,
): LrpSessionKeys {
  assertLength(uid, 7, 'UID');
  assertLength(counterLsb, 3, 'counter');
  const sv = Buffer.concat([SV_PREFIX, uid, counterLsb, SV_SUFFIX]);
  return { sv, masterKey: lrpCmac(fileReadKey, sv) };
}

/** SDMMAC in LRP mode: odd bytes of CMAC_LRP(Km) over the exact ASCII MAC span. */
export function computeLrpSdmMac(masterKey: Uint8Array, macInput: string | Uint8Array): Buffer {
  const bytes = typeof macInput === 'string' ? Buffer.from(macInput, 'latin1') : macInput;
  return truncateSdmMac(lrpCmac(masterKey, bytes));
}

/** LRICB counter of SDMENCFileData: the read counter LSB first, then three zero bytes. */
export function lrpFileDataCounter(counterLsb: Uint8Array): Buffer {
  assertLength(counterLsb, 3, 'counter');
  return Buffer.concat([counterLsb, Buffer.alloc(3)]);
}

/** Decrypts SDMENCFileData of an LRP tap; only call after the SDMMAC verified. */
export function decryptLrpFileData(
  masterKey: Uint8Array,
  counterLsb: Uint8Array,
  encFileData: Uint8Array,
): Buffer {
  return lricbDecrypt(masterKey, lrpFileDataCounter(counterLsb), encFileData, {
    pad: false,
    updatedKeyIndex: LRP_FILE_DATA_UPDATED_KEY,
  });
}
