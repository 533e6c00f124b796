import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { aesCbcEncrypt, aesCmac } from './aes-cmac.ts';
import {
  DEFAULT_TAP_LAYOUTS,
  authenticateTap,
  computeSdmMac,
  createTap,
  decryptFileData,
  decryptPiccData,
  deriveSessionKeys,
  fileDataIv,
  identifyTap,
  parseTapQuery,
  verifySunTap,
} from './sun.ts';
import type { FileReadKeyLookup, MacInputFrom, SunFailureReason, SunResult, TapLayout } from './sun.ts';

type Vector = {
  id: string;
  kind: string;
  derived?: boolean;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
};

const fixture = JSON.parse(
  fs.readFileSync(new URL('../../../../tests/fixtures/nfc/vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const hex = (value: string): Buffer => Buffer.from(value, 'hex');
const toHex = (value: Uint8Array): string => Buffer.from(value).toString('hex').toUpperCase();

function field(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  if (typeof value !== 'string') throw new Error(`vector field "${name}" missing or not a string`);
  return value;
}

function maybe(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(`vector field "${name}" is not a string`);
  return value;
}

const isAes = (v: Vector): boolean => v.input['mode'] === 'AES';
const ofKind = (kind: string): Vector[] => fixture.vectors.filter((v) => v.kind === kind);

// --- sdm-backend key derivation (libsdm/derive.py), needed only to resolve the keys of two of its AES taps ---

const SDM_BACKEND_PICC_DATA_KEY = Buffer.from('PICCDataKey', 'ascii');
const SDM_BACKEND_SLOT_MASTER_KEY = Buffer.from('SlotMasterKey', 'ascii');
const SDM_BACKEND_DIV_BASE_KEY = Buffer.from('DivBaseKey', 'ascii');
const ZERO_KEY = Buffer.alloc(16);

const hmacSha256 = (key: Uint8Array, msg: Uint8Array): Buffer =>
  createHmac('sha256', key).update(msg).digest();
const hmac16 = (key: Uint8Array, msg: Uint8Array): Buffer => hmacSha256(key, msg).subarray(0, 16);

function sdmBackendUndiversifiedKey(master: Buffer, keyNo: number): Buffer {
  if (keyNo !== 1) throw new Error('sdm-backend only derives key #1 undiversified');
  if (master.equals(ZERO_KEY)) return Buffer.alloc(16);
  return hmac16(master, SDM_BACKEND_PICC_DATA_KEY);
}

function sdmBackendTagKey(master: Buffer, uid: Buffer, keyNo: number): Buffer {
  if (master.equals(ZERO_KEY)) return Buffer.alloc(16);
  const cmacKey = hmac16(master, Buffer.concat([SDM_BACKEND_SLOT_MASTER_KEY, Buffer.from([keyNo])]));
  const message = Buffer.concat([
    Buffer.from([0x01]),
    hmac16(hmacSha256(master, SDM_BACKEND_DIV_BASE_KEY), uid),
  ]);
  return aesCmac(cmacKey, message);
}

type KeySpec = { method: string; master_key: string; key_no: number };

function asKeySpec(value: unknown): KeySpec {
  const spec = value as { method?: unknown; master_key?: unknown; key_no?: unknown } | null;
  if (!spec || typeof spec.method !== 'string' || typeof spec.master_key !== 'string') {
    throw new Error(`unsupported key spec ${JSON.stringify(value)}`);
  }
  // sdm-backend derives only key #1 undiversified, so its vectors omit key_no there.
  const keyNo = spec.key_no ?? 1;
  if (typeof keyNo !== 'number') throw new Error(`bad key_no in ${JSON.stringify(value)}`);
  return { method: spec.method, master_key: spec.master_key, key_no: keyNo };
}

function resolveMetaKey(value: unknown): Buffer {
  if (typeof value === 'string') return hex(value);
  const spec = asKeySpec(value);
  if (spec.method !== 'sdm-backend-undiversified') throw new Error(`unknown meta key method ${spec.method}`);
  return sdmBackendUndiversifiedKey(hex(spec.master_key), spec.key_no);
}

function resolveFileKey(value: unknown): FileReadKeyLookup {
  if (typeof value === 'string') return () => hex(value);
  const spec = asKeySpec(value);
  if (spec.method !== 'sdm-backend-tag') throw new Error(`unknown file key method ${spec.method}`);
  return (uid) => sdmBackendTagKey(hex(spec.master_key), hex(uid), spec.key_no);
}

function fileKeyFor(value: unknown, uid: string): Buffer {
  const key = resolveFileKey(value)(uid, 0);
  if (!key) throw new Error('file key did not resolve');
  return Buffer.from(key);
}

function metaKeysOf(input: Record<string, unknown>): Buffer[] {
  return input['meta_read_key'] === undefined ? [] : [resolveMetaKey(input['meta_read_key'])];
}

// --- expectations shared by `sun` and `url` vectors ---

const REASON_BY_SOURCE_TEXT: Record<string, SunFailureReason> = {
  'SDMMAC mismatch': 'bad_mac',
  'malformed input': 'malformed',
  'bad PICCData': 'bad_picc',
};

function expectOutcome(result: SunResult, expected: Record<string, unknown>): void {
  if (expected['valid'] !== true) {
    expect(result.ok).toBe(false);
    const reasonText = maybe(expected, 'reason_contains');
    if (reasonText !== undefined && !result.ok) {
      const reason = REASON_BY_SOURCE_TEXT[reasonText];
      if (reason === undefined) throw new Error(`no reason code mapped for "${reasonText}"`);
      expect(result.reason).toBe(reason);
    }
    return;
  }

  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  if (!result.ok) return;
  const uid = maybe(expected, 'uid');
  if (uid !== undefined) expect(result.uid).toBe(uid.toUpperCase());
  if (expected['ctr'] !== undefined) expect(result.counter).toBe(expected['ctr']);
  const ctrLsb = maybe(expected, 'ctr_bytes_lsb');
  if (ctrLsb !== undefined) expect(toHex(result.counterLsb)).toBe(ctrLsb.toUpperCase());
  if (expected['file_data_hex'] === null) expect(result.fileData).toBeUndefined();
  const fileHex = maybe(expected, 'file_data_hex');
  if (fileHex !== undefined) expect(result.fileData && toHex(result.fileData)).toBe(fileHex.toUpperCase());
  const fileAscii = maybe(expected, 'file_data_ascii');
  if (fileAscii !== undefined) expect(result.fileData?.toString('latin1')).toBe(fileAscii);
}

function tapPartsOf(input: Record<string, unknown>) {
  return {
    piccData: maybe(input, 'picc_data'),
    encFileData: maybe(input, 'enc_file_data'),
    uid: maybe(input, 'uid'),
    ctr: maybe(input, 'ctr'),
    mac: field(input, 'cmac'),
    macInput: field(input, 'mac_input'),
  };
}

function verifySunVector(v: Vector): SunResult {
  const created = createTap(tapPartsOf(v.input));
  if (!created.ok) return created;
  return verifySunTap({
    tap: created.tap,
    metaReadKeys: metaKeysOf(v.input),
    fileReadKey: resolveFileKey(v.input['file_read_key']),
  });
}

// Rebuilds the query a tag with this MAC span would emit, when the span matches one of the default layouts.
function defaultLayoutQueryOf(input: Record<string, unknown>): string | undefined {
  const parts = tapPartsOf(input);
  if (parts.piccData !== undefined && parts.encFileData === undefined && parts.macInput === '') {
    return `picc_data=${parts.piccData}&cmac=${parts.mac}`;
  }
  if (parts.piccData !== undefined && parts.encFileData !== undefined) {
    if (parts.macInput === `${parts.encFileData}&cmac=`) {
      return `picc_data=${parts.piccData}&enc=${parts.encFileData}&cmac=${parts.mac}`;
    }
    if (parts.macInput === parts.encFileData) return `e=${parts.piccData}${parts.encFileData}${parts.mac}`;
  }
  if (parts.uid !== undefined && parts.ctr !== undefined && parts.macInput === '') {
    return `uid=${parts.uid}&ctr=${parts.ctr}&cmac=${parts.mac}`;
  }
  return undefined;
}

const summary = (result: SunResult) =>
  result.ok
    ? {
        ok: true,
        uid: result.uid,
        counter: result.counter,
        fileData: result.fileData && toHex(result.fileData),
      }
    : { ok: false, reason: result.reason };

// --- vector-driven tests ---

const HANDLED_KINDS = new Set([
  'sun',
  'url',
  'session_keys',
  'picc_decrypt',
  'file_decrypt',
  'sdm_mac',
  'cmac',
  'an10922',
  'kdf_sdm_backend',
]);
// Run elsewhere: LRP primitives in lrp.test.ts (LRP taps in sun-lrp.test.ts), replay in tests/api/nfc/tap.test.ts.
const RUN_ELSEWHERE_KINDS = new Set([
  'lrp_plaintexts',
  'lrp_updated_keys',
  'lrp_eval',
  'lrp_cmac',
  'lricb',
  'replay_sequence',
]);
// Not part of this project: Bolt Card's deterministic keys.
const OUT_OF_SCOPE_KINDS = new Set(['kdf_boltcard']);

describe('vectors.json coverage', () => {
  it('every vector has a kind this suite either runs or deliberately leaves out', () => {
    const unknown = fixture.vectors.filter(
      (v) =>
        !HANDLED_KINDS.has(v.kind) && !RUN_ELSEWHERE_KINDS.has(v.kind) && !OUT_OF_SCOPE_KINDS.has(v.kind),
    );
    expect(unknown.map((v) => `${v.id} (${v.kind})`)).toEqual([]);
  });

  it('every mode-bearing vector is AES or LRP', () => {
    const odd = fixture.vectors.filter(
      (v) => v.input['mode'] !== undefined && v.input['mode'] !== 'AES' && v.input['mode'] !== 'LRP',
    );
    expect(odd.map((v) => v.id)).toEqual([]);
  });

  it('has AES vectors of every required kind', () => {
    for (const kind of ['sun', 'url', 'session_keys', 'picc_decrypt', 'file_decrypt']) {
      const count = ofKind(kind).filter((v) => v.input['mode'] === undefined || isAes(v)).length;
      expect(count, kind).toBeGreaterThan(0);
    }
  });
});

describe('kind=sun (AES)', () => {
  for (const v of ofKind('sun').filter(isAes)) {
    it(v.id, () => {
      const result = verifySunVector(v);
      expectOutcome(result, v.expected);
      if (v.expected['valid'] !== true || !result.ok) return;

      // Intermediate values, where the source prints them.
      const piccHex = maybe(v.input, 'picc_data');
      if (piccHex !== undefined) {
        const [metaKey] = metaKeysOf(v.input);
        if (!metaKey) throw new Error('encrypted vector without meta key');
        const picc = decryptPiccData(metaKey, piccHex);
        expect(picc.ok).toBe(true);
        if (!picc.ok) return;
        const plain = maybe(v.expected, 'picc_plain');
        if (plain !== undefined) expect(toHex(picc.plaintext)).toBe(plain.toUpperCase());
        const tag = maybe(v.expected, 'picc_data_tag');
        if (tag !== undefined) expect(picc.piccDataTag).toBe(parseInt(tag, 16));
      }
      const keys = deriveSessionKeys(
        fileKeyFor(v.input['file_read_key'], result.uid),
        hex(result.uid),
        result.counterLsb,
      );
      for (const [name, actual] of [
        ['sv1', keys.sv1],
        ['sv2', keys.sv2],
        ['ses_enc_key', keys.encKey],
        ['ses_mac_key', keys.macKey],
        ['full_cmac', aesCmac(keys.macKey, Buffer.from(field(v.input, 'mac_input'), 'latin1'))],
        ['ive', fileDataIv(keys.encKey, result.counterLsb)],
      ] as const) {
        const want = maybe(v.expected, name);
        if (want !== undefined) expect(toHex(actual), name).toBe(want.toUpperCase());
      }
      expect(toHex(computeSdmMac(keys.macKey, field(v.input, 'mac_input')))).toBe(
        field(v.input, 'cmac').toUpperCase(),
      );
    });
  }
});

describe('kind=sun (AES) rebuilt as a query and parsed with the default layouts', () => {
  for (const v of ofKind('sun').filter(isAes)) {
    const query = defaultLayoutQueryOf(v.input);
    if (query === undefined) continue;
    it(v.id, () => {
      const viaQuery = verifySunTap({
        tap: query,
        metaReadKeys: metaKeysOf(v.input),
        fileReadKey: resolveFileKey(v.input['file_read_key']),
      });
      expectOutcome(viaQuery, v.expected);
      expect(summary(viaQuery)).toEqual(summary(verifySunVector(v)));
    });
  }
});

function layoutOf(input: Record<string, unknown>): TapLayout {
  const params = input['params'] as Record<string, string | undefined>;
  const from = input['mac_input_from'];
  if (from !== null && from !== 'picc' && from !== 'enc' && from !== 'uid' && from !== 'ctr') {
    throw new Error(`unsupported mac_input_from ${JSON.stringify(from)}`);
  }
  const macInputFrom: MacInputFrom | undefined = from ?? undefined;
  if (params['mac'] === undefined) throw new Error('url vector without MAC parameter');
  if (params['picc'] !== undefined) {
    if (macInputFrom === 'uid' || macInputFrom === 'ctr') throw new Error('plain span on encrypted layout');
    return {
      form: 'encrypted',
      piccParam: params['picc'],
      encParam: params['enc'],
      macParam: params['mac'],
      macInputFrom,
    };
  }
  if (params['uid'] === undefined || params['ctr'] === undefined)
    throw new Error('url vector without uid/ctr');
  if (macInputFrom === 'picc' || macInputFrom === 'enc') throw new Error('encrypted span on plain layout');
  return {
    form: 'plain',
    uidParam: params['uid'],
    ctrParam: params['ctr'],
    macParam: params['mac'],
    macInputFrom,
  };
}

describe('kind=url (AES)', () => {
  for (const v of ofKind('url').filter(isAes)) {
    it(v.id, () => {
      const url = field(v.input, 'url');
      const layouts = [layoutOf(v.input)];
      const parsed = parseTapQuery(url, layouts);
      expect(parsed.ok).toBe(true);
      if (parsed.ok && typeof v.expected['mac_input'] === 'string') {
        expect(parsed.tap.macInput).toBe(v.expected['mac_input']);
      }
      const result = verifySunTap({
        tap: url,
        layouts,
        metaReadKeys: metaKeysOf(v.input),
        fileReadKey: resolveFileKey(v.input['file_read_key']),
      });
      expectOutcome(result, v.expected);
    });
  }
});

describe('kind=session_keys', () => {
  for (const v of ofKind('session_keys')) {
    it(v.id, () => {
      const keys = deriveSessionKeys(
        hex(field(v.input, 'file_read_key')),
        hex(field(v.input, 'uid')),
        hex(field(v.input, 'ctr_bytes_lsb')),
      );
      expect(toHex(keys.sv1)).toBe(field(v.expected, 'sv1').toUpperCase());
      expect(toHex(keys.sv2)).toBe(field(v.expected, 'sv2').toUpperCase());
      expect(toHex(keys.encKey)).toBe(field(v.expected, 'ses_enc_key').toUpperCase());
      expect(toHex(keys.macKey)).toBe(field(v.expected, 'ses_mac_key').toUpperCase());
    });
  }
});

describe('kind=picc_decrypt (AES)', () => {
  for (const v of ofKind('picc_decrypt').filter(isAes)) {
    it(v.id, () => {
      const picc = decryptPiccData(hex(field(v.input, 'meta_read_key')), field(v.input, 'picc_data'));
      expect(picc.ok).toBe(true);
      if (!picc.ok) return;
      expect(toHex(picc.plaintext)).toBe(field(v.expected, 'picc_plain').toUpperCase());
      expect(picc.piccDataTag).toBe(parseInt(field(v.expected, 'picc_data_tag'), 16));
      expect(picc.uid).toBe(field(v.expected, 'uid').toUpperCase());
      expect(toHex(picc.counterLsb)).toBe(field(v.expected, 'ctr_bytes_lsb').toUpperCase());
      expect(picc.counter).toBe(v.expected['ctr']);
    });
  }
});

describe('kind=file_decrypt (AES)', () => {
  for (const v of ofKind('file_decrypt').filter(isAes)) {
    it(v.id, () => {
      const counterLsb = hex(field(v.input, 'ctr_bytes_lsb'));
      const keys = deriveSessionKeys(
        hex(field(v.input, 'file_read_key')),
        hex(field(v.input, 'uid')),
        counterLsb,
      );
      expect(toHex(keys.sv1)).toBe(field(v.expected, 'sv1').toUpperCase());
      expect(toHex(keys.encKey)).toBe(field(v.expected, 'ses_enc_key').toUpperCase());
      expect(toHex(fileDataIv(keys.encKey, counterLsb))).toBe(field(v.expected, 'ive').toUpperCase());
      const plain = decryptFileData(keys.encKey, counterLsb, hex(field(v.input, 'enc_file_data')));
      expect(toHex(plain)).toBe(field(v.expected, 'file_data_hex').toUpperCase());
    });
  }
});

describe('kind=kdf_sdm_backend (validates the test-only key resolver above)', () => {
  for (const v of ofKind('kdf_sdm_backend')) {
    it(v.id, () => {
      const master = hex(field(v.input, 'master_key'));
      const keyNo = v.input['key_no'];
      if (typeof keyNo !== 'number') throw new Error('key_no missing');
      const uid = maybe(v.input, 'uid');
      const key =
        uid === undefined
          ? sdmBackendUndiversifiedKey(master, keyNo)
          : sdmBackendTagKey(master, hex(uid), keyNo);
      expect(toHex(key)).toBe(field(v.expected, 'key').toUpperCase());
    });
  }
});

// --- behaviour not pinned by a single vector (inputs still taken from the vectors) ---

function vector(id: string): Vector {
  const found = fixture.vectors.find((v) => v.id === id);
  if (!found) throw new Error(`vector ${id} missing from fixture`);
  return found;
}

describe('parseTapQuery strictness', () => {
  const t5 = vector('an12196-t5-sun-empty-mac-input');
  const picc = field(t5.input, 'picc_data');
  const mac = field(t5.input, 'cmac');
  const t6 = vector('an12196-t6-sun-mac-over-enc');
  const t6Query = `picc_data=${field(t6.input, 'picc_data')}&enc=${field(t6.input, 'enc_file_data')}&cmac=${field(t6.input, 'cmac')}`;

  it('accepts a bare query, a leading "?", a full URL, and ignores the fragment', () => {
    for (const raw of [
      `picc_data=${picc}&cmac=${mac}`,
      `?picc_data=${picc}&cmac=${mac}`,
      `https://example.test/t?picc_data=${picc}&cmac=${mac}`,
      `/t?picc_data=${picc}&cmac=${mac}#frag`,
    ]) {
      const parsed = parseTapQuery(raw);
      expect(parsed.ok, raw).toBe(true);
    }
  });

  it('matches parameter names exactly: `c` is not found inside `picc_data`', () => {
    expect(parseTapQuery(`picc_data=${picc}&c=${mac}`)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parseTapQuery(`e=${picc}&c=${mac}`)).toMatchObject({ ok: true });
    expect(parseTapQuery(`E=${picc}&C=${mac}`)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('rejects duplicate, extra, empty and nameless parameters', () => {
    for (const raw of [
      `picc_data=${picc}&cmac=${mac}&cmac=${mac}`,
      `picc_data=${picc}&cmac=${mac}&utm_source=x`,
      `picc_data=${picc}&cmac=${mac}&`,
      `&picc_data=${picc}&cmac=${mac}`,
      `=${picc}&cmac=${mac}`,
      `picc_data&cmac=${mac}`,
      '',
      '?',
    ]) {
      expect(parseTapQuery(raw), raw).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  it('does not URL-decode values', () => {
    const encoded = `${picc.slice(0, 30)}%3${picc.slice(31)}`;
    expect(parseTapQuery(`picc_data=${encoded}&cmac=${mac}`)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('rejects wrong lengths before any crypto', () => {
    for (const raw of [
      `picc_data=${picc}00&cmac=${mac}`,
      `picc_data=${picc.slice(2)}&cmac=${mac}`,
      `picc_data=${picc}&cmac=${mac}00`,
      `picc_data=${picc}&enc=&cmac=${mac}`,
      `picc_data=${picc}&enc=0011&cmac=${mac}`,
      `uid=04DE5F1EACC0&ctr=000006&cmac=${mac}`,
      `uid=04DE5F1EACC040&ctr=0006&cmac=${mac}`,
      `e=${picc}${mac}00`,
    ]) {
      expect(parseTapQuery(raw), raw).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  it('slices the MAC span from the raw text, parameter names included', () => {
    const parsed = parseTapQuery(t6Query);
    expect(parsed).toMatchObject({ ok: true, tap: { macInput: field(t6.input, 'mac_input') } });
  });

  it('refuses enc placed outside the MAC span', () => {
    const [pre = '', enc = '', cmac = ''] = t6Query.split('&');
    expect(parseTapQuery(`${pre}&${cmac}&${enc}`)).toMatchObject({ ok: false, reason: 'malformed' });
    const emptySpanWithEnc: TapLayout = {
      form: 'encrypted',
      piccParam: 'picc_data',
      encParam: 'enc',
      macParam: 'cmac',
    };
    expect(parseTapQuery(t6Query, [emptySpanWithEnc])).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('can start the span at the plain UID (reddit-style `<uid>&ctr=…&mac=` template)', () => {
    const layout: TapLayout = {
      form: 'plain',
      uidParam: 'uid',
      ctrParam: 'ctr',
      macParam: 'mac',
      macInputFrom: 'uid',
    };
    const parsed = parseTapQuery('uid=04494ACAFD1990&ctr=00001E&mac=E8E4FD1BDC5005D3', [layout]);
    expect(parsed).toMatchObject({
      ok: true,
      tap: { form: 'plain', counter: 0x1e, macInput: '04494ACAFD1990&ctr=00001E&mac=' },
    });
  });

  it('exports the SUN.md §1.1 forms as defaults', () => {
    const forms = DEFAULT_TAP_LAYOUTS.map((layout) => layout.form);
    expect(new Set(forms)).toEqual(new Set(['encrypted', 'plain', 'bulk']));
  });
});

describe('verifySunTap orchestration', () => {
  const t5 = vector('an12196-t5-sun-empty-mac-input');
  const t6 = vector('an12196-t6-sun-mac-over-enc');
  const t5Query = `picc_data=${field(t5.input, 'picc_data')}&cmac=${field(t5.input, 'cmac')}`;
  const zeroKey = hex(field(t5.input, 'meta_read_key'));
  const otherKey = Buffer.alloc(16, 0x11);

  it('tries each meta-read key and reports which one decrypted the tap', () => {
    const result = verifySunTap({ tap: t5Query, metaReadKeys: [otherKey, zeroKey], fileReadKey: zeroKey });
    expect(result).toMatchObject({
      ok: true,
      uid: field(t5.expected, 'uid'),
      counter: t5.expected['ctr'],
      metaKeyIndex: 1,
    });
  });

  it('asks the lookup for the UID and counter it decrypted, and reports unknown tags', () => {
    const seen: [string, number][] = [];
    const result = verifySunTap({
      tap: t5Query,
      metaReadKeys: [zeroKey],
      fileReadKey: (uid, counter) => {
        seen.push([uid, counter]);
        return undefined;
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'unknown_key' });
    expect(seen).toEqual([[field(t5.expected, 'uid'), t5.expected['ctr']]]);
  });

  it('refuses encrypted taps when no meta-read key is configured', () => {
    expect(verifySunTap({ tap: t5Query, fileReadKey: zeroKey })).toMatchObject({
      ok: false,
      reason: 'unknown_key',
    });
  });

  it('returns bad_picc when no key yields a valid PICCData', () => {
    expect(verifySunTap({ tap: t5Query, metaReadKeys: [otherKey], fileReadKey: zeroKey })).toMatchObject({
      ok: false,
      reason: 'bad_picc',
    });
  });

  it('never decrypts enc data that the MAC span does not cover', () => {
    // A genuine empty-span MAC with someone else's enc value glued on.
    const created = createTap({ ...tapPartsOf(t5.input), encFileData: field(t6.input, 'enc_file_data') });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const identified = identifyTap(created.tap, [zeroKey]);
    expect(identified.ok).toBe(true);
    if (!identified.ok) return;
    const [identity] = identified.candidates;
    if (!identity) throw new Error('no candidate');
    expect(authenticateTap(created.tap, identity, zeroKey)).toMatchObject({
      ok: false,
      reason: 'enc_not_authenticated',
    });
  });

  it('returns no file data for taps without enc', () => {
    const result = verifySunTap({ tap: t5Query, metaReadKeys: [zeroKey], fileReadKey: zeroKey });
    expect(result).toMatchObject({ ok: true, fileData: undefined });
  });

  it('rejects PICCData that does not mirror both UID and counter, even under the right key', () => {
    const plain = hex(field(t5.expected, 'picc_plain'));
    // 0x87 = UID only, 0x47 = counter only with a bogus length, 0x40 = counter only, 0xC0 = both but length 0.
    for (const tag of [0x87, 0x47, 0x40, 0xc0]) {
      const forged = Buffer.from(plain);
      forged[0] = tag;
      const piccData = toHex(aesCbcEncrypt(zeroKey, Buffer.alloc(16), forged));
      expect(decryptPiccData(zeroKey, piccData), tag.toString(16)).toMatchObject({
        ok: false,
        reason: 'bad_picc',
      });
      const result = verifySunTap({
        tap: `picc_data=${piccData}&cmac=${field(t5.input, 'cmac')}`,
        metaReadKeys: [zeroKey],
        fileReadKey: zeroKey,
      });
      expect(result, tag.toString(16)).toMatchObject({ ok: false, reason: 'bad_picc' });
    }
  });

  it('rejects a 48-hex (LRP) PICCData on the AES path before decrypting (sun-lrp.test.ts covers LRP)', () => {
    const lrp = vector('sdm-backend-lrp2');
    expect(decryptPiccData(zeroKey, field(lrp.input, 'picc_data'))).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('rejects non-ASCII MAC spans', () => {
    expect(createTap({ ...tapPartsOf(t5.input), macInput: 'é' })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('accepts lower-case hex where the MAC span does not include it', () => {
    const lower = t5Query.toLowerCase();
    const result = verifySunTap({ tap: lower, metaReadKeys: [zeroKey], fileReadKey: zeroKey });
    expect(result).toMatchObject({ ok: true, uid: field(t5.expected, 'uid') });
  });
});
