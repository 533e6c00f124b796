import { AES_BLOCK_BYTES, aesCbcDecrypt, aesEncryptBlock, gfDouble } from './aes-cmac.ts';

/*
 * NXP's Leakage Resilient Primitive (AN12304), the cipher of NTAG 424 DNA tags switched to LRP mode, built on
 * AES-128 from node:crypto only (SUN.md §5; vectors: tests/fixtures/nfc/vectors.json kinds lrp_*, lricb).
 * LRP never uses a secret key for more than a few block encryptions: every block is encrypted under a key
 * derived by walking a 16-entry plaintext table, one nibble of the input at a time.
 */

/** Nibble width m = 4: 16 precomputed plaintexts. */
const LRP_PLAINTEXT_COUNT = 16;
/** Updated keys generated per secret (q = 4; SUN uses 0 for MACs and PICCData, 1 for file data). */
const LRP_UPDATED_KEY_COUNT = 4;

const BLOCK_55 = Buffer.alloc(AES_BLOCK_BYTES, 0x55);
const BLOCK_AA = Buffer.alloc(AES_BLOCK_BYTES, 0xaa);
const ZERO_BLOCK = Buffer.alloc(AES_BLOCK_BYTES);

function assertKey(key: Uint8Array): void {
  if (key.length !== AES_BLOCK_BYTES) throw new RangeError(`LRP key must be 16 bytes, got ${key.length}`);
}

function decryptBlock(key: Uint8Array, block: Uint8Array): Buffer {
  // One CBC block with a zero IV is the raw block decryption.
  return aesCbcDecrypt(key, ZERO_BLOCK, block);
}

/** AN12304 generatePlaintexts: h = E_K(55…); 16 times p[i] = E_h(AA…), h = E_h(55…). */
export function generatePlaintexts(key: Uint8Array): Buffer[] {
  assertKey(key);
  let h = aesEncryptBlock(key, BLOCK_55);
  const plaintexts: Buffer[] = [];
  for (let i = 0; i < LRP_PLAINTEXT_COUNT; i++) {
    plaintexts.push(aesEncryptBlock(h, BLOCK_AA));
    h = aesEncryptBlock(h, BLOCK_55);
  }
  return plaintexts;
}

/** AN12304 generateUpdatedKeys: h = E_K(AA…); uk[i] = E_h(AA…), h = E_h(55…). */
export function generateUpdatedKeys(key: Uint8Array, count = LRP_UPDATED_KEY_COUNT): Buffer[] {
  assertKey(key);
  let h = aesEncryptBlock(key, BLOCK_AA);
  const updatedKeys: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    updatedKeys.push(aesEncryptBlock(h, BLOCK_AA));
    h = aesEncryptBlock(h, BLOCK_55);
  }
  return updatedKeys;
}

/** The nibbles of some bytes, most significant first (the order EvalLRP consumes them). */
export function nibblesOf(bytes: Uint8Array): number[] {
  const nibbles: number[] = [];
  for (const byte of bytes) nibbles.push(byte >>> 4, byte & 0x0f);
  return nibbles;
}

/**
 * AN12304 EvalLRP: y = updated key; for each nibble y = E_y(p[nibble]); if final, y = E_y(0^128).
 * Takes nibbles rather than bytes because the AN12304 vectors include odd-length inputs.
 */
export function evalLrp(
  plaintexts: readonly Uint8Array[],
  updatedKey: Uint8Array,
  nibbles: Iterable<number>,
  final: boolean,
): Buffer {
  assertKey(updatedKey);
  if (plaintexts.length !== LRP_PLAINTEXT_COUNT) throw new RangeError('LRP needs 16 plaintexts');
  let y: Buffer = Buffer.from(updatedKey);
  for (const nibble of nibbles) {
    const p = plaintexts[nibble];
    if (!Number.isInteger(nibble) || p === undefined) throw new RangeError(`not a nibble: ${nibble}`);
    y = aesEncryptBlock(y, p);
  }
  return final ? aesEncryptBlock(y, ZERO_BLOCK) : y;
}

/** One LRP secret with its plaintext table and the updated key chosen for an operation. */
type LrpContext = { plaintexts: Buffer[]; updatedKey: Buffer };

/** Precomputes the plaintexts and picks updated key `updatedKeyIndex` of `key`. */
function lrpContext(key: Uint8Array, updatedKeyIndex = 0): LrpContext {
  if (!Number.isInteger(updatedKeyIndex) || updatedKeyIndex < 0 || updatedKeyIndex >= LRP_UPDATED_KEY_COUNT) {
    throw new RangeError(`updated key index must be 0..${LRP_UPDATED_KEY_COUNT - 1}`);
  }
  const updatedKey = generateUpdatedKeys(key)[updatedKeyIndex]!;
  return { plaintexts: generatePlaintexts(key), updatedKey };
}

/** EvalLRP(x, final = true) over whole bytes: the block function of CMAC_LRP and the per-block key of LRICB. */
function evalBytes(ctx: LrpContext, input: Uint8Array): Buffer {
  return evalLrp(ctx.plaintexts, ctx.updatedKey, nibblesOf(input), true);
}

function xorBlocks(a: Uint8Array, b: Uint8Array): Buffer {
  const out = Buffer.alloc(AES_BLOCK_BYTES);
  for (let i = 0; i < AES_BLOCK_BYTES; i++) out[i] = (a[i] ?? 0) ^ (b[i] ?? 0);
  return out;
}

/**
 * CMAC_LRP (AN12304): the CMAC construction (NIST SP 800-38B) with EvalLRP(·, final) as the block function;
 * K0 = EvalLRP(0^128), K1 = 2·K0, K2 = 4·K0 in GF(2^128). Full 16-byte tag; the empty message is one padded block.
 */
export function lrpCmac(key: Uint8Array, message: Uint8Array, updatedKeyIndex = 0): Buffer {
  const ctx = lrpContext(key, updatedKeyIndex);
  const k0 = evalBytes(ctx, ZERO_BLOCK);
  const k1 = gfDouble(k0);
  const k2 = gfDouble(k1);
  const complete = message.length > 0 && message.length % AES_BLOCK_BYTES === 0;
  const blocks = Math.max(1, Math.ceil(message.length / AES_BLOCK_BYTES));
  const padded = Buffer.alloc(blocks * AES_BLOCK_BYTES);
  padded.set(message);
  if (!complete) padded[message.length] = 0x80;
  let y: Buffer = Buffer.alloc(AES_BLOCK_BYTES);
  for (let i = 0; i < blocks; i++) {
    let block = xorBlocks(y, padded.subarray(i * AES_BLOCK_BYTES, (i + 1) * AES_BLOCK_BYTES));
    if (i === blocks - 1) block = xorBlocks(block, complete ? k1 : k2);
    y = evalBytes(ctx, block);
  }
  return y;
}

/** Big-endian increment of a fixed-width counter; wraps to zero like the tag's. */
export function incrementCounter(counter: Uint8Array): Buffer {
  const next = Buffer.from(counter);
  for (let i = next.length - 1; i >= 0; i--) {
    next[i] = ((next[i] ?? 0) + 1) & 0xff;
    if (next[i] !== 0) break;
  }
  return next;
}

/** LRICB options: `pad` = ISO/IEC 9797-1 method 2 (80 00…), always at least one byte; off for SUN. */
export type LricbOptions = { pad?: boolean | undefined; updatedKeyIndex?: number | undefined };

function lricb(
  key: Uint8Array,
  counter: Uint8Array,
  data: Uint8Array,
  updatedKeyIndex: number,
  blockFn: (blockKey: Buffer, block: Buffer) => Buffer,
): Buffer {
  if (counter.length === 0) throw new RangeError('LRICB counter must not be empty');
  if (data.length === 0 || data.length % AES_BLOCK_BYTES !== 0) {
    throw new RangeError(`LRICB data must be a non-zero multiple of ${AES_BLOCK_BYTES} bytes`);
  }
  const ctx = lrpContext(key, updatedKeyIndex);
  const out = Buffer.alloc(data.length);
  let ctr: Buffer = Buffer.from(counter);
  for (let offset = 0; offset < data.length; offset += AES_BLOCK_BYTES) {
    // Block i is encrypted under EvalLRP(counter + i, final): a fresh AES key per block.
    const blockKey = evalBytes(ctx, ctr);
    blockFn(blockKey, Buffer.from(data.subarray(offset, offset + AES_BLOCK_BYTES))).copy(out, offset);
    ctr = incrementCounter(ctr);
  }
  return out;
}

/** LRICB encryption (AN12304) with a big-endian counter of any fixed width. */
export function lricbEncrypt(
  key: Uint8Array,
  counter: Uint8Array,
  plaintext: Uint8Array,
  options: LricbOptions = {},
): Buffer {
  const pad = options.pad ?? true;
  let data = Buffer.from(plaintext);
  if (pad) {
    const padded = Buffer.alloc((Math.floor(data.length / AES_BLOCK_BYTES) + 1) * AES_BLOCK_BYTES);
    data.copy(padded);
    padded[data.length] = 0x80;
    data = padded;
  }
  return lricb(key, counter, data, options.updatedKeyIndex ?? 0, aesEncryptBlock);
}

/** LRICB decryption; with `pad`, throws RangeError when the 80 00… padding is missing. */
export function lricbDecrypt(
  key: Uint8Array,
  counter: Uint8Array,
  ciphertext: Uint8Array,
  options: LricbOptions = {},
): Buffer {
  const plain = lricb(key, counter, ciphertext, options.updatedKeyIndex ?? 0, decryptBlock);
  if (!(options.pad ?? true)) return plain;
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 0x80 || plain.length - end > AES_BLOCK_BYTES) {
    throw new RangeError('LRICB padding is invalid');
  }
  return plain.subarray(0, end);
}
