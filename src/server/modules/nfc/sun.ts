import { timingSafeEqual } from 'node:crypto';

import type { NfcTagMode } from '#shared/nfc.schemas.ts';
import { AES_BLOCK_BYTES, aesCbcDecrypt, aesCmac, aesEncryptBlock, truncateSdmMac } from './aes-cmac.ts';
import {
  computeLrpSdmMac,
  decryptLrpFileData,
  decryptLrpPiccPlaintext,
  deriveLrpSessionKeys,
  LRP_PICC_DATA_BYTES,
} from './sun-lrp.ts';

/*
 * NTAG 424 DNA SUN (Secure Dynamic Messaging) verification, as specified in the SUN.md spec (test vectors:
 * tests/fixtures/nfc/vectors.json), in AES mode and in LRP mode (the LRP crypto is in sun-lrp.ts). Pure functions:
 * no tag state, no replay handling (a caller owns that and must only move its counter after `ok: true`).
 * The mode is a property of the tag, never guessed from a URL: an encrypted tap carries it in its PICCData length
 * (32 hex AES, 48 hex LRP) and must match the tag's; a plain-mirror tap is verified in the tag's mode.
 */

/** The tag's cipher: AES (factory) or LRP (switched once, irreversibly, with SetConfiguration). */
export type SdmMode = NfcTagMode;

/** UID length of every NTAG 424 DNA, in bytes. */
const UID_BYTES = 7;
/** SDMReadCtr length, in bytes. */
const COUNTER_BYTES = 3;
/** Truncated SDMMAC length, in bytes. */
const SDM_MAC_BYTES = 8;
/** The only PICCDataTag accepted: UID and counter mirrored, RFU bits clear, 7-byte UID. */
export const PICC_DATA_TAG_UID_AND_COUNTER = 0xc7;

const ZERO_IV = Buffer.alloc(AES_BLOCK_BYTES);
const AES_PICC_DATA_HEX = 32;
const LRP_PICC_DATA_HEX = LRP_PICC_DATA_BYTES * 2;
const PICC_DATA_HEX: Record<SdmMode, number> = { AES: AES_PICC_DATA_HEX, LRP: LRP_PICC_DATA_HEX };
const UID_HEX = UID_BYTES * 2;
const COUNTER_HEX = COUNTER_BYTES * 2;
const SDM_MAC_HEX = SDM_MAC_BYTES * 2;
const ENC_HEX_UNIT = AES_BLOCK_BYTES * 2;
// Session vector prefixes: label (C33C = ENC, 3CC3 = MAC), KDF counter 0001, output length 0080 bits.
const SV1_PREFIX = Buffer.from('C33C00010080', 'hex');
const SV2_PREFIX = Buffer.from('3CC300010080', 'hex');
const HEX_RE = /^[0-9A-Fa-f]*$/;
// The tag only emits URL text; anything outside printable ASCII cannot be a genuine MAC span.
const PRINTABLE_ASCII_RE = /^[\x20-\x7e]*$/;

/** Stable failure codes: `malformed` before any crypto, `bad_picc` = no meta key yields a valid PICCData. */
export type SunFailureReason = 'malformed' | 'bad_picc' | 'unknown_key' | 'bad_mac' | 'enc_not_authenticated';

/** A refused tap; `detail` is for logs only, never for the client. */
type SunFailure = { ok: false; reason: SunFailureReason; detail: string };

/** Tap whose UID/counter travel encrypted in PICCData (SDMMetaRead = an app key). */
type EncryptedTap = {
  form: 'encrypted';
  /** Told by the PICCData length: 16 bytes AES, 24 bytes LRP. */
  mode: SdmMode;
  piccData: Buffer;
  encFileData: Buffer | undefined;
  /** The enc value exactly as received, to prove it lies inside the MAC span. */
  encText: string | undefined;
  mac: Buffer;
  /** Exact ASCII text the SDMMAC covers ('' when SDMMACInputOffset == SDMMACOffset). */
  macInput: string;
};

/** Tap with UID/counter mirrored in plain (SDMMetaRead = E). */
type PlainTap = {
  form: 'plain';
  uid: Buffer;
  /** Counter bytes LSB first, as used in every crypto input. */
  counterLsb: Buffer;
  counter: number;
  mac: Buffer;
  macInput: string;
};

/** A syntactically valid tap, ready for crypto. */
export type SunTap = EncryptedTap | PlainTap;

/** Result of strict parsing. */
export type TapParseResult = { ok: true; tap: SunTap } | SunFailure;

/** Hex strings (case-insensitive) and MAC span of one tap, e.g. straight from a vector or a custom parser. */
export type TapParts = {
  piccData?: string | undefined;
  encFileData?: string | undefined;
  uid?: string | undefined;
  /** Plain-mirror counter as it appears in the URL (6 hex chars, MSB first). */
  ctr?: string | undefined;
  mac: string;
  macInput: string;
};

/** Role of a query parameter whose value start is the first byte the SDMMAC covers. */
export type MacInputFrom = 'picc' | 'enc' | 'uid' | 'ctr';

/**
 * How one tag template places SUN data in the query. Names are whatever was programmed into the tag;
 * `macInputFrom` undefined means an empty MAC span.
 */
export type TapLayout =
  | {
      form: 'encrypted';
      piccParam: string;
      encParam?: string | undefined;
      macParam: string;
      macInputFrom?: 'picc' | 'enc' | undefined;
    }
  | {
      form: 'plain';
      uidParam: string;
      ctrParam: string;
      macParam: string;
      macInputFrom?: 'uid' | 'ctr' | undefined;
    }
  /** sdm-backend bulk mode: one parameter `<picc><enc><mac>`, MAC over the enc hex only. */
  | { form: 'bulk'; param: string };

/** The query forms SUN.md §1.1 lists, matched by their exact parameter set. */
export const DEFAULT_TAP_LAYOUTS: readonly TapLayout[] = Object.freeze([
  { form: 'encrypted', piccParam: 'picc_data', macParam: 'cmac' },
  { form: 'encrypted', piccParam: 'picc_data', encParam: 'enc', macParam: 'cmac', macInputFrom: 'enc' },
  { form: 'plain', uidParam: 'uid', ctrParam: 'ctr', macParam: 'cmac' },
  // AN12196 example naming.
  { form: 'encrypted', piccParam: 'e', macParam: 'c' },
  // Bolt Card naming.
  { form: 'encrypted', piccParam: 'p', macParam: 'c' },
  { form: 'bulk', param: 'e' },
] satisfies TapLayout[]);

/** Decrypted and validated PICCData. */
type PiccData = {
  piccDataTag: number;
  /** Upper-case hex, as printed on tags. */
  uid: string;
  uidBytes: Buffer;
  counter: number;
  counterLsb: Buffer;
  plaintext: Buffer;
};

/** Result of PICCData decryption. */
export type PiccDataResult = ({ ok: true } & PiccData) | SunFailure;

/** UID and counter a tap claims, before its MAC is checked. */
export type TapIdentity = {
  uid: string;
  uidBytes: Buffer;
  counter: number;
  counterLsb: Buffer;
  /** Index into the meta-read key list that decrypted PICCData; undefined for plain taps. */
  metaKeyIndex: number | undefined;
};

/** Result of `identifyTap`: every UID/counter reading that passed the PICCData checks. */
export type IdentifyResult = { ok: true; candidates: TapIdentity[] } | SunFailure;

/** SUN session vectors and keys (NIST SP 800-108 counter-mode KDF with CMAC). */
export type SdmSessionKeys = { sv1: Buffer; sv2: Buffer; encKey: Buffer; macKey: Buffer };

/** An authenticated tap. `fileData` is only present when the tap carried (MAC-covered) encrypted file data. */
type SunVerified = {
  ok: true;
  form: 'encrypted' | 'plain';
  mode: SdmMode;
  uid: string;
  counter: number;
  counterLsb: Buffer;
  fileData: Buffer | undefined;
  metaKeyIndex: number | undefined;
};

/** Outcome of SUN verification. */
export type SunResult = SunVerified | SunFailure;

/** Per-tag SDMFileRead key lookup; `undefined` = tag not known. */
export type FileReadKeyLookup = (uid: string, counter: number) => Uint8Array | undefined;

/** Input to `verifySunTap`. */
export type VerifySunTapInput = {
  /** Raw query string (or URL/path with one) or an already parsed tap. */
  tap: string | SunTap;
  /** Layouts for raw strings; defaults to `DEFAULT_TAP_LAYOUTS`. */
  layouts?: readonly TapLayout[] | undefined;
  /** Candidate SDMMetaRead keys (e.g. current + previous during rotation); unused for plain taps. */
  metaReadKeys?: readonly Uint8Array[] | undefined;
  fileReadKey: Uint8Array | FileReadKeyLookup;
  /** The tag's mode; 'AES' unless the tag was switched to LRP. An encrypted tap of the other mode is refused. */
  mode?: SdmMode | undefined;
};

function fail(reason: SunFailureReason, detail: string): SunFailure {
  return { ok: false, reason, detail };
}

// Buffer.from(s, 'hex') silently truncates at the first non-hex character, so shape is checked first.
function strictHex(value: string, lengthOk: (chars: number) => boolean): Buffer | undefined {
  if (!lengthOk(value.length) || !HEX_RE.test(value)) return undefined;
  return Buffer.from(value, 'hex');
}

function exactly(chars: number): (n: number) => boolean {
  return (n) => n === chars;
}

function counterFromLsb(counterLsb: Uint8Array): number {
  return (counterLsb[0] ?? 0) | ((counterLsb[1] ?? 0) << 8) | ((counterLsb[2] ?? 0) << 16);
}

function assertLength(value: Uint8Array, bytes: number, what: string): void {
  if (value.length !== bytes) throw new RangeError(`${what} must be ${bytes} bytes, got ${value.length}`);
}

/** Validates tap fields strictly (hex shape, exact lengths, one form only) without doing any crypto. */
export function createTap(parts: TapParts): TapParseResult {
  const mac = strictHex(parts.mac, exactly(SDM_MAC_HEX));
  if (!mac) return fail('malformed', `MAC must be ${SDM_MAC_HEX} hex chars`);
  if (!PRINTABLE_ASCII_RE.test(parts.macInput)) return fail('malformed', 'MAC input is not printable ASCII');

  const hasPicc = parts.piccData !== undefined;
  const hasPlain = parts.uid !== undefined || parts.ctr !== undefined;
  if (hasPicc === hasPlain) return fail('malformed', 'need either PICCData or plain uid+ctr');

  if (parts.piccData !== undefined) {
    const piccData = strictHex(parts.piccData, (n) => n === AES_PICC_DATA_HEX || n === LRP_PICC_DATA_HEX);
    if (!piccData) {
      return fail(
        'malformed',
        `PICCData must be ${AES_PICC_DATA_HEX} (AES) or ${LRP_PICC_DATA_HEX} (LRP) hex chars`,
      );
    }
    let encFileData: Buffer | undefined;
    if (parts.encFileData !== undefined) {
      encFileData = strictHex(parts.encFileData, (n) => n > 0 && n % ENC_HEX_UNIT === 0);
      if (!encFileData)
        return fail('malformed', `enc must be a non-zero multiple of ${ENC_HEX_UNIT} hex chars`);
    }
    return {
      ok: true,
      tap: {
        form: 'encrypted',
        mode: piccData.length === LRP_PICC_DATA_BYTES ? 'LRP' : 'AES',
        piccData,
        encFileData,
        encText: parts.encFileData,
        mac,
        macInput: parts.macInput,
      },
    };
  }

  if (parts.encFileData !== undefined)
    return fail('malformed', 'enc is only supported with encrypted PICCData');
  if (parts.uid === undefined || parts.ctr === undefined)
    return fail('malformed', 'plain mirror needs uid and ctr');
  const uid = strictHex(parts.uid, exactly(UID_HEX));
  if (!uid) return fail('malformed', `uid must be ${UID_HEX} hex chars`);
  const counterMsb = strictHex(parts.ctr, exactly(COUNTER_HEX));
  if (!counterMsb) return fail('malformed', `ctr must be ${COUNTER_HEX} hex chars`);
  // The ASCII mirror is MSB first; crypto wants LSB first. Reverse exactly once, here.
  const counterLsb = Buffer.from(counterMsb).reverse();
  return {
    ok: true,
    tap: {
      form: 'plain',
      uid,
      counterLsb,
      counter: counterFromLsb(counterLsb),
      mac,
      macInput: parts.macInput,
    },
  };
}

type QueryParam = { value: string; valueStart: number };

// Accepts a bare query, '?query', or a URL/path containing one; the fragment is never part of the tap.
function extractQuery(raw: string): string {
  const hash = raw.indexOf('#');
  const withoutFragment = hash === -1 ? raw : raw.slice(0, hash);
  const q = withoutFragment.indexOf('?');
  return q === -1 ? withoutFragment : withoutFragment.slice(q + 1);
}

function splitQuery(query: string): Map<string, QueryParam> | string {
  const params = new Map<string, QueryParam>();
  let offset = 0;
  for (const segment of query.split('&')) {
    const eq = segment.indexOf('=');
    if (eq <= 0) return `bad query segment at offset ${offset}`;
    // Names are compared raw (no URL-decoding) so `c` can never match inside `picc_data` or `%63`.
    const name = segment.slice(0, eq);
    if (params.has(name)) return `duplicate parameter "${name}"`;
    params.set(name, { value: segment.slice(eq + 1), valueStart: offset + eq + 1 });
    offset += segment.length + 1;
  }
  return params;
}

function layoutParamNames(layout: TapLayout): string[] {
  switch (layout.form) {
    case 'encrypted':
      return [layout.piccParam, ...(layout.encParam === undefined ? [] : [layout.encParam]), layout.macParam];
    case 'plain':
      return [layout.uidParam, layout.ctrParam, layout.macParam];
    case 'bulk':
      return [layout.param];
  }
}

function matchesExactly(layout: TapLayout, params: Map<string, QueryParam>): boolean {
  const names = layoutParamNames(layout);
  return names.length === params.size && names.every((name) => params.has(name));
}

function roleParam(layout: TapLayout, role: MacInputFrom): string | undefined {
  if (layout.form === 'encrypted') {
    if (role === 'picc') return layout.piccParam;
    if (role === 'enc') return layout.encParam;
  }
  if (layout.form === 'plain') {
    if (role === 'uid') return layout.uidParam;
    if (role === 'ctr') return layout.ctrParam;
  }
  return undefined;
}

// The two modes' lengths never collide: 32 + 16 + 32n hex (AES) is 16 mod 32, 48 + 16 + 32n (LRP) is 0 mod 32.
function bulkPiccHex(length: number): number | undefined {
  return [AES_PICC_DATA_HEX, LRP_PICC_DATA_HEX].find((picc) => {
    const minimum = picc + SDM_MAC_HEX;
    return length >= minimum && (length - minimum) % ENC_HEX_UNIT === 0;
  });
}

function parseBulk(value: string): TapParseResult {
  const piccHex = bulkPiccHex(value.length);
  if (piccHex === undefined) {
    return fail('malformed', 'bulk value has the wrong length for PICCData + enc + MAC');
  }
  const encText = value.slice(piccHex, value.length - SDM_MAC_HEX);
  return createTap({
    piccData: value.slice(0, piccHex),
    encFileData: encText === '' ? undefined : encText,
    mac: value.slice(value.length - SDM_MAC_HEX),
    // sdm-backend bulk mode: the tag's MAC span is exactly the enc placeholder.
    macInput: encText,
  });
}

/**
 * Strictly parses a tap query string (no URL-decoding of values) against known layouts; the first layout whose
 * parameter set equals the query's exactly wins. The MAC input is the raw text between the configured start and
 * the MAC value, so a URL whose case was changed in transit fails verification (SUN.md Step 4, strategy a).
 */
export function parseTapQuery(
  rawQuery: string,
  layouts: readonly TapLayout[] = DEFAULT_TAP_LAYOUTS,
): TapParseResult {
  const query = extractQuery(rawQuery);
  if (query === '') return fail('malformed', 'empty query');
  const params = splitQuery(query);
  if (typeof params === 'string') return fail('malformed', params);
  const layout = layouts.find((candidate) => matchesExactly(candidate, params));
  if (!layout) return fail('malformed', `no tap layout has parameters [${[...params.keys()].join(', ')}]`);

  const get = (name: string): QueryParam => {
    const param = params.get(name);
    if (!param) throw new Error(`layout parameter "${name}" vanished`);
    return param;
  };

  if (layout.form === 'bulk') return parseBulk(get(layout.param).value);

  const macParam = get(layout.macParam);
  let macInput = '';
  if (layout.macInputFrom !== undefined) {
    const fromName = roleParam(layout, layout.macInputFrom);
    if (fromName === undefined) return fail('malformed', `layout has no "${layout.macInputFrom}" parameter`);
    const from = get(fromName);
    if (from.valueStart > macParam.valueStart) return fail('malformed', 'MAC span would start after the MAC');
    macInput = query.slice(from.valueStart, macParam.valueStart);
  }

  if (layout.form === 'plain') {
    return createTap({
      uid: get(layout.uidParam).value,
      ctr: get(layout.ctrParam).value,
      mac: macParam.value,
      macInput,
    });
  }

  let encText: string | undefined;
  if (layout.encParam !== undefined) {
    const enc = get(layout.encParam);
    const spanStart = macParam.valueStart - macInput.length;
    // Encrypted file data outside the MAC span is unauthenticated; refuse such a URL before any crypto.
    if (enc.valueStart < spanStart || enc.valueStart + enc.value.length > macParam.valueStart) {
      return fail('malformed', 'enc value is not inside the MAC span');
    }
    encText = enc.value;
  }
  return createTap({
    piccData: get(layout.piccParam).value,
    encFileData: encText,
    mac: macParam.value,
    macInput,
  });
}

/**
 * Decrypts PICCData and enforces PICCDataTag 0xC7 (UID + counter mirrored). AES: CBC, zero IV, one block.
 * LRP: PICCRand(8) || LRICB block (sun-lrp.ts). The mode is the tag's; PICCData of the other length is malformed.
 */
export function decryptPiccData(
  metaReadKey: Uint8Array,
  piccData: string | Uint8Array,
  mode: SdmMode = 'AES',
): PiccDataResult {
  const cipherText =
    typeof piccData === 'string' ? strictHex(piccData, exactly(PICC_DATA_HEX[mode])) : Buffer.from(piccData);
  if (!cipherText || cipherText.length * 2 !== PICC_DATA_HEX[mode]) {
    return fail('malformed', `PICCData must be ${PICC_DATA_HEX[mode] / 2} bytes in ${mode} mode`);
  }
  const plaintext =
    mode === 'LRP'
      ? decryptLrpPiccPlaintext(metaReadKey, cipherText)
      : aesCbcDecrypt(metaReadKey, ZERO_IV, cipherText);
  const piccDataTag = plaintext[0] ?? 0;
  if ((piccDataTag & 0x30) !== 0) return fail('bad_picc', 'PICCDataTag RFU bits set');
  if ((piccDataTag & 0x80) !== 0 && (piccDataTag & 0x0f) !== UID_BYTES) {
    return fail('bad_picc', 'PICCDataTag UID length is not 7');
  }
  // Policy: a tap without UID cannot be tied to a tag, one without counter cannot be replay-checked.
  if (piccDataTag !== PICC_DATA_TAG_UID_AND_COUNTER) {
    return fail('bad_picc', 'PICCDataTag does not mirror both UID and counter');
  }
  const uidBytes = Buffer.from(plaintext.subarray(1, 1 + UID_BYTES));
  const counterLsb = Buffer.from(plaintext.subarray(1 + UID_BYTES, 1 + UID_BYTES + COUNTER_BYTES));
  return {
    ok: true,
    piccDataTag,
    uid: uidBytes.toString('hex').toUpperCase(),
    uidBytes,
    counter: counterFromLsb(counterLsb),
    counterLsb,
    plaintext,
  };
}

/** Derives SV1/SV2 and KSesSDMFileReadENC/MAC from the tag's SDMFileRead key, UID and LSB-first counter. */
export function deriveSessionKeys(
  fileReadKey: Uint8Array,
  uid: Uint8Array,
  counterLsb: Uint8Array,
): SdmSessionKeys {
  assertLength(uid, UID_BYTES, 'UID');
  assertLength(counterLsb, COUNTER_BYTES, 'counter');
  // With a 7-byte UID and the counter both mirrored the vectors are exactly one block: no zero padding.
  const sv1 = Buffer.concat([SV1_PREFIX, uid, counterLsb]);
  const sv2 = Buffer.concat([SV2_PREFIX, uid, counterLsb]);
  return { sv1, sv2, encKey: aesCmac(fileReadKey, sv1), macKey: aesCmac(fileReadKey, sv2) };
}

/** SDMMAC: the truncated CMAC (odd bytes) under KSesSDMFileReadMAC of the exact ASCII MAC span. */
export function computeSdmMac(sessionMacKey: Uint8Array, macInput: string | Uint8Array): Buffer {
  const bytes = typeof macInput === 'string' ? Buffer.from(macInput, 'latin1') : macInput;
  return truncateSdmMac(aesCmac(sessionMacKey, bytes));
}

/** IV for SDMENCFileData: E(KSesSDMFileReadENC, counterLsb || 00×13). */
export function fileDataIv(sessionEncKey: Uint8Array, counterLsb: Uint8Array): Buffer {
  assertLength(counterLsb, COUNTER_BYTES, 'counter');
  const block = Buffer.alloc(AES_BLOCK_BYTES);
  block.set(counterLsb);
  return aesEncryptBlock(sessionEncKey, block);
}

/** Decrypts SDMENCFileData (CBC, no padding); only call after the SDMMAC verified. */
export function decryptFileData(
  sessionEncKey: Uint8Array,
  counterLsb: Uint8Array,
  encFileData: Uint8Array,
): Buffer {
  return aesCbcDecrypt(sessionEncKey, fileDataIv(sessionEncKey, counterLsb), encFileData);
}

/**
 * Reads UID + counter from a parsed tap: plain taps yield one candidate; encrypted taps yield one per meta-read key
 * whose decryption passes the PICCData checks (a wrong key passes by chance ~1/256, so callers must MAC-check each).
 */
export function identifyTap(tap: SunTap, metaReadKeys: readonly Uint8Array[]): IdentifyResult {
  if (tap.form === 'plain') {
    return {
      ok: true,
      candidates: [
        {
          uid: tap.uid.toString('hex').toUpperCase(),
          uidBytes: tap.uid,
          counter: tap.counter,
          counterLsb: tap.counterLsb,
          metaKeyIndex: undefined,
        },
      ],
    };
  }
  if (metaReadKeys.length === 0) return fail('unknown_key', 'no SDMMetaRead key configured');
  const candidates: TapIdentity[] = [];
  let lastFailure: SunFailure = fail('bad_picc', 'no SDMMetaRead key decrypted PICCData');
  for (const [metaKeyIndex, key] of metaReadKeys.entries()) {
    const picc = decryptPiccData(key, tap.piccData, tap.mode);
    if (!picc.ok) {
      lastFailure = picc;
      continue;
    }
    const { uid, uidBytes, counter, counterLsb } = picc;
    candidates.push({ uid, uidBytes, counter, counterLsb, metaKeyIndex });
  }
  return candidates.length > 0 ? { ok: true, candidates } : lastFailure;
}

function modeMismatch(tap: SunTap, mode: SdmMode): SunFailure | undefined {
  if (tap.form !== 'encrypted' || tap.mode === mode) return undefined;
  // SUN.md pitfall 11: never feed one mode's PICCData to the other's crypto.
  return fail('malformed', `${tap.mode}-length PICCData from a tag in ${mode} mode`);
}

type TapCrypto = { mac: Buffer; decryptFile: (enc: Buffer) => Buffer };

// Session keys, expected SDMMAC and file-data decryption of one identity, in the tag's mode.
function tapCrypto(
  mode: SdmMode,
  fileReadKey: Uint8Array,
  identity: TapIdentity,
  macInput: string,
): TapCrypto {
  if (mode === 'LRP') {
    const { masterKey } = deriveLrpSessionKeys(fileReadKey, identity.uidBytes, identity.counterLsb);
    return {
      mac: computeLrpSdmMac(masterKey, macInput),
      decryptFile: (enc) => decryptLrpFileData(masterKey, identity.counterLsb, enc),
    };
  }
  const keys = deriveSessionKeys(fileReadKey, identity.uidBytes, identity.counterLsb);
  return {
    mac: computeSdmMac(keys.macKey, macInput),
    decryptFile: (enc) => decryptFileData(keys.encKey, identity.counterLsb, enc),
  };
}

/**
 * Checks the SDMMAC of a tap for one claimed identity and, if valid and MAC-covered, decrypts the file data.
 * `mode` is the tag's (an encrypted tap of the other mode is malformed).
 */
export function authenticateTap(
  tap: SunTap,
  identity: TapIdentity,
  fileReadKey: Uint8Array,
  mode: SdmMode = 'AES',
): SunResult {
  const mismatch = modeMismatch(tap, mode);
  if (mismatch) return mismatch;
  const crypto = tapCrypto(mode, fileReadKey, identity, tap.macInput);
  if (!timingSafeEqual(crypto.mac, tap.mac)) return fail('bad_mac', 'SDMMAC mismatch');

  let fileData: Buffer | undefined;
  if (tap.form === 'encrypted' && tap.encFileData !== undefined) {
    // The MAC vouches only for its span; file data decrypted from outside it would be attacker-chosen.
    if (tap.encText === undefined || !tap.macInput.includes(tap.encText)) {
      return fail('enc_not_authenticated', 'encrypted file data is outside the MAC span');
    }
    fileData = crypto.decryptFile(tap.encFileData);
  }
  return {
    ok: true,
    form: tap.form,
    mode,
    uid: identity.uid,
    counter: identity.counter,
    counterLsb: identity.counterLsb,
    fileData,
    metaKeyIndex: identity.metaKeyIndex,
  };
}

// When several candidates fail, report the one that got furthest through verification.
const FAILURE_RANK: Record<SunFailureReason, number> = {
  malformed: 0,
  bad_picc: 1,
  unknown_key: 2,
  bad_mac: 3,
  enc_not_authenticated: 4,
};

/**
 * Full stateless SUN verification: parse (if given a string), decrypt PICCData with each candidate meta key,
 * resolve the tag's SDMFileRead key, check the SDMMAC in constant time, decrypt file data.
 * Replay protection is the caller's job and must use the returned counter only when `ok` is true.
 */
export function verifySunTap(input: VerifySunTapInput): SunResult {
  let tap: SunTap;
  if (typeof input.tap === 'string') {
    const parsed = parseTapQuery(input.tap, input.layouts ?? DEFAULT_TAP_LAYOUTS);
    if (!parsed.ok) return parsed;
    tap = parsed.tap;
  } else {
    tap = input.tap;
  }
  const mode = input.mode ?? 'AES';
  const mismatch = modeMismatch(tap, mode);
  if (mismatch) return mismatch;

  const identified = identifyTap(tap, input.metaReadKeys ?? []);
  if (!identified.ok) return identified;

  let worst: SunFailure | undefined;
  for (const identity of identified.candidates) {
    const fileReadKey =
      typeof input.fileReadKey === 'function'
        ? input.fileReadKey(identity.uid, identity.counter)
        : input.fileReadKey;
    const result =
      fileReadKey === undefined
        ? fail('unknown_key', `no SDMFileRead key for UID ${identity.uid}`)
        : authenticateTap(tap, identity, fileReadKey, mode);
    if (result.ok) return result;
    if (!worst || FAILURE_RANK[result.reason] > FAILURE_RANK[worst.reason]) worst = result;
  }
  return worst ?? fail('bad_picc', 'no candidate identity');
}
