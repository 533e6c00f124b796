import { createCipheriv, createDecipheriv } from 'node:crypto';

/** AES block size in bytes. */
export const AES_BLOCK_BYTES = 16;

const ZERO_BLOCK = Buffer.alloc(AES_BLOCK_BYTES);
// Rb for a 128-bit block (NIST SP 800-38B §5.3).
const RB = 0x87;

function assertAes128Key(key: Uint8Array): void {
  if (key.length !== 16) throw new RangeError(`AES-128 key must be 16 bytes, got ${key.length}`);
}

function assertWholeBlocks(data: Uint8Array, what: string): void {
  if (data.length % AES_BLOCK_BYTES !== 0) {
    throw new RangeError(`${what} must be a multiple of ${AES_BLOCK_BYTES} bytes, got ${data.length}`);
  }
}

/** AES-128-CBC encryption without padding; `data` must be whole blocks. */
export function aesCbcEncrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  assertAes128Key(key);
  assertWholeBlocks(data, 'CBC plaintext');
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  // Node would otherwise append a PKCS#7 block, which no NTAG structure has.
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** AES-128-CBC decryption without padding removal; `data` must be whole blocks. */
export function aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  assertAes128Key(key);
  assertWholeBlocks(data, 'CBC ciphertext');
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** Encrypts exactly one 16-byte block with AES-128 (the raw block cipher, E_K). */
export function aesEncryptBlock(key: Uint8Array, block: Uint8Array): Buffer {
  if (block.length !== AES_BLOCK_BYTES) throw new RangeError('AES block must be 16 bytes');
  return aesCbcEncrypt(key, ZERO_BLOCK, block);
}

/** CBC-MAC with zero IV over whole blocks: the last ciphertext block. */
export function aesCbcMac(key: Uint8Array, data: Uint8Array): Buffer {
  const encrypted = aesCbcEncrypt(key, ZERO_BLOCK, data);
  return encrypted.subarray(encrypted.length - AES_BLOCK_BYTES);
}

/** CMAC subkeys: L = E_K(0^128), K1 = dbl(L), K2 = dbl(K1). */
export type CmacSubkeys = { l: Buffer; k1: Buffer; k2: Buffer };

/** Doubling in GF(2^128): shift the whole block left one bit, fold the carry back in with Rb. */
export function gfDouble(block: Uint8Array): Buffer {
  const out = Buffer.alloc(AES_BLOCK_BYTES);
  for (let i = 0; i < AES_BLOCK_BYTES; i++) {
    const next = i + 1 < AES_BLOCK_BYTES ? (block[i + 1] ?? 0) : 0;
    out[i] = (((block[i] ?? 0) << 1) | (next >>> 7)) & 0xff;
  }
  if (((block[0] ?? 0) & 0x80) !== 0) out[AES_BLOCK_BYTES - 1] = (out[AES_BLOCK_BYTES - 1] ?? 0) ^ RB;
  return out;
}

/** Derives the CMAC subkeys (RFC 4493 §2.3) for an AES-128 key. */
export function cmacSubkeys(key: Uint8Array): CmacSubkeys {
  const l = aesEncryptBlock(key, ZERO_BLOCK);
  const k1 = gfDouble(l);
  const k2 = gfDouble(k1);
  return { l, k1, k2 };
}

/** XORs `mask` into `target` in place, from `offset`. */
function xorInto(target: Buffer, mask: Uint8Array, offset: number): void {
  for (let i = 0; i < mask.length; i++) target[offset + i] = (target[offset + i] ?? 0) ^ (mask[i] ?? 0);
}

/** AES-128 CMAC (RFC 4493 / NIST SP 800-38B), full 16-byte tag; the empty message is valid. */
export function aesCmac(key: Uint8Array, message: Uint8Array): Buffer {
  assertAes128Key(key);
  const { k1, k2 } = cmacSubkeys(key);
  const complete = message.length > 0 && message.length % AES_BLOCK_BYTES === 0;
  // The empty message still occupies one (padded) block; skipping it is the classic home-made CMAC bug.
  const blocks = Math.max(1, Math.ceil(message.length / AES_BLOCK_BYTES));
  const padded = Buffer.alloc(blocks * AES_BLOCK_BYTES);
  padded.set(message);
  if (!complete) padded[message.length] = 0x80;
  xorInto(padded, complete ? k1 : k2, padded.length - AES_BLOCK_BYTES);
  return aesCbcMac(key, padded);
}

/** SDM MAC truncation (MACt): bytes 1,3,5,…,15 (0-based) of a full CMAC, per NT4H2421Gx §9.1.3. */
export function truncateSdmMac(fullCmac: Uint8Array): Buffer {
  if (fullCmac.length !== AES_BLOCK_BYTES) throw new RangeError('full CMAC must be 16 bytes');
  const out = Buffer.alloc(AES_BLOCK_BYTES / 2);
  for (let i = 0; i < out.length; i++) out[i] = fullCmac[2 * i + 1] ?? 0;
  return out;
}

/** Truncated 8-byte AES CMAC as used for SDMMAC (MACt(K, m)). */
export function aesCmacTruncated(key: Uint8Array, message: Uint8Array): Buffer {
  return truncateSdmMac(aesCmac(key, message));
}
