import { AES_BLOCK_BYTES, aesCbcMac, cmacSubkeys } from './aes-cmac.ts';

// AN10922 always MACs exactly two blocks: 01 || M padded to 32 bytes.
const DIVERSIFICATION_BYTES = 2 * AES_BLOCK_BYTES;
const AES128_DIV_CONSTANT = 0x01;

/** Longest diversification input M that AN10922 AES-128 allows (32-byte block minus the constant). */
export const AN10922_MAX_INPUT_BYTES = DIVERSIFICATION_BYTES - 1;

/**
 * AN10922 §2.2 AES-128 key diversification: CMAC'(master, 01 || M) where 01 || M is padded to 32 bytes.
 *
 * Not the same as `aesCmac(master, 01 || M)` when 01 || M is shorter than 17 bytes: plain CMAC would pad to
 * one block, AN10922 pads to two (SUN.md pitfall 15, vector `an10957-short-m`).
 */
export function diversifyKeyAn10922(masterKey: Uint8Array, diversificationInput: Uint8Array): Buffer {
  if (diversificationInput.length < 1 || diversificationInput.length > AN10922_MAX_INPUT_BYTES) {
    throw new RangeError(
      `AN10922 diversification input must be 1..${AN10922_MAX_INPUT_BYTES} bytes, got ${diversificationInput.length}`,
    );
  }
  const { k1, k2 } = cmacSubkeys(masterKey);
  const data = Buffer.alloc(DIVERSIFICATION_BYTES);
  data[0] = AES128_DIV_CONSTANT;
  data.set(diversificationInput, 1);
  const used = 1 + diversificationInput.length;
  const complete = used === DIVERSIFICATION_BYTES;
  if (!complete) data[used] = 0x80;
  const subkey = complete ? k1 : k2;
  for (let i = 0; i < AES_BLOCK_BYTES; i++) {
    data[AES_BLOCK_BYTES + i] = (data[AES_BLOCK_BYTES + i] ?? 0) ^ (subkey[i] ?? 0);
  }
  return aesCbcMac(masterKey, data);
}

/** Builds the conventional AN10922 input M = UID || AID || SystemIdentifier (any part may be empty). */
export function an10922Input(uid: Uint8Array, aid: Uint8Array, systemIdentifier: Uint8Array): Buffer {
  const m = Buffer.concat([uid, aid, systemIdentifier]);
  if (m.length < 1 || m.length > AN10922_MAX_INPUT_BYTES) {
    throw new RangeError(
      `AN10922 diversification input must be 1..${AN10922_MAX_INPUT_BYTES} bytes, got ${m.length}`,
    );
  }
  return m;
}
