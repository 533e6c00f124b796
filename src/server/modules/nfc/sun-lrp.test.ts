import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { lricbEncrypt } from './lrp.ts';
import {
  computeLrpSdmMac,
  decryptLrpFileData,
  decryptLrpPiccPlaintext,
  deriveLrpSessionKeys,
  LRP_FILE_DATA_UPDATED_KEY,
  lrpFileDataCounter,
} from './sun-lrp.ts';
import {
  authenticateTap,
  createTap,
  decryptPiccData,
  identifyTap,
  parseTapQuery,
  verifySunTap,
  type SunResult,
  type TapLayout,
} from './sun.ts';

type Vector = { id: string; kind: string; input: Record<string, unknown>; expected: Record<string, unknown> };

const fixture = JSON.parse(
  fs.readFileSync(new URL('../../../../tests/fixtures/nfc/vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const hex = (value: string): Buffer => Buffer.from(value, 'hex');
const toHex = (value: Uint8Array): string => Buffer.from(value).toString('hex').toUpperCase();
const lrpOfKind = (kind: string): Vector[] =>
  fixture.vectors.filter((v) => v.kind === kind && v.input['mode'] === 'LRP');
const vector = (id: string): Vector => {
  const v = fixture.vectors.find((candidate) => candidate.id === id);
  if (!v) throw new Error(`no vector ${id}`);
  return v;
};

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

function expectOutcome(result: SunResult, expected: Record<string, unknown>): void {
  if (expected['valid'] !== true) {
    expect(result.ok).toBe(false);
    if (maybe(expected, 'reason_contains') === 'SDMMAC mismatch') {
      expect(result).toMatchObject({ reason: 'bad_mac' });
    }
    return;
  }
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true, mode: 'LRP' });
  if (!result.ok) return;
  const uid = maybe(expected, 'uid');
  if (uid !== undefined) expect(result.uid).toBe(uid.toUpperCase());
  if (expected['ctr'] !== undefined) expect(result.counter).toBe(expected['ctr']);
  if (expected['file_data_hex'] === null) expect(result.fileData).toBeUndefined();
  const ascii = maybe(expected, 'file_data_ascii');
  if (ascii !== undefined) expect(result.fileData?.toString('latin1')).toBe(ascii);
}

function verifyLrpVector(v: Vector): SunResult {
  const created = createTap({
    piccData: maybe(v.input, 'picc_data'),
    encFileData: maybe(v.input, 'enc_file_data'),
    mac: field(v.input, 'cmac'),
    macInput: field(v.input, 'mac_input'),
  });
  if (!created.ok) return created;
  return verifySunTap({
    tap: created.tap,
    mode: 'LRP',
    metaReadKeys: [hex(field(v.input, 'meta_read_key'))],
    fileReadKey: hex(field(v.input, 'file_read_key')),
  });
}

describe('LRP vectors in vectors.json', () => {
  it('holds valid and invalid LRP taps and an LRP URL', () => {
    const sun = lrpOfKind('sun');
    expect(sun.filter((v) => v.expected['valid'] === true).length).toBeGreaterThanOrEqual(4);
    expect(sun.filter((v) => v.expected['valid'] !== true).length).toBeGreaterThanOrEqual(3);
    expect(lrpOfKind('url').length).toBeGreaterThan(0);
  });
});

describe('kind=sun (LRP)', () => {
  for (const v of lrpOfKind('sun')) {
    it(v.id, () => {
      const result = verifyLrpVector(v);
      expectOutcome(result, v.expected);
      if (v.expected['valid'] !== true || !result.ok) return;

      // Intermediate values where sdm-backend's tests print them.
      const metaKey = hex(field(v.input, 'meta_read_key'));
      const picc = decryptPiccData(metaKey, field(v.input, 'picc_data'), 'LRP');
      expect(picc.ok).toBe(true);
      if (!picc.ok) return;
      const plain = maybe(v.expected, 'picc_plain');
      if (plain !== undefined) expect(toHex(picc.plaintext)).toBe(plain.toUpperCase());
      const tag = maybe(v.expected, 'picc_data_tag');
      if (tag !== undefined) expect(picc.piccDataTag).toBe(parseInt(tag, 16));
      const keys = deriveLrpSessionKeys(hex(field(v.input, 'file_read_key')), picc.uidBytes, picc.counterLsb);
      const sv = maybe(v.expected, 'sv_lrp');
      if (sv !== undefined) expect(toHex(keys.sv)).toBe(sv.toUpperCase());
      const master = maybe(v.expected, 'lrp_master_key');
      if (master !== undefined) expect(toHex(keys.masterKey)).toBe(master.toUpperCase());
      expect(toHex(computeLrpSdmMac(keys.masterKey, field(v.input, 'mac_input')))).toBe(
        field(v.input, 'cmac').toUpperCase(),
      );
    });
  }
});

describe('kind=url (LRP)', () => {
  for (const v of lrpOfKind('url')) {
    it(v.id, () => {
      const params = v.input['params'] as Record<string, string>;
      const from = v.input['mac_input_from'];
      const layouts: TapLayout[] = [
        {
          form: 'encrypted',
          piccParam: params['picc']!,
          encParam: params['enc'],
          macParam: params['mac']!,
          macInputFrom: from === 'picc' || from === 'enc' ? from : undefined,
        },
      ];
      const url = field(v.input, 'url');
      const parsed = parseTapQuery(url, layouts);
      expect(parsed).toMatchObject({ ok: true, tap: { mode: 'LRP' } });
      if (parsed.ok && typeof v.expected['mac_input'] === 'string') {
        expect(parsed.tap.macInput).toBe(v.expected['mac_input']);
      }
      const result = verifySunTap({
        tap: url,
        layouts,
        mode: 'LRP',
        metaReadKeys: [hex(field(v.input, 'meta_read_key'))],
        fileReadKey: hex(field(v.input, 'file_read_key')),
      });
      expectOutcome(result, v.expected);
    });
  }
});

describe('LRP SUN through the default layouts', () => {
  const lrp1 = vector('sdm-backend-lrp1-with-enc');
  const lrp2 = vector('sdm-backend-lrp2');
  const zero = Buffer.alloc(16);

  it('verifies ?picc_data=<48 hex>&cmac= and ?picc_data=…&enc=…&cmac= taps', () => {
    const plain = verifySunTap({
      tap: `picc_data=${field(lrp2.input, 'picc_data')}&cmac=${field(lrp2.input, 'cmac')}`,
      mode: 'LRP',
      metaReadKeys: [zero],
      fileReadKey: zero,
    });
    expect(plain).toMatchObject({ ok: true, mode: 'LRP', uid: '04940E2A2F7080', counter: 3 });
    const withEnc = verifySunTap({
      tap: `picc_data=${field(lrp1.input, 'picc_data')}&enc=${field(lrp1.input, 'enc_file_data')}&cmac=${field(lrp1.input, 'cmac')}`,
      mode: 'LRP',
      metaReadKeys: [zero],
      fileReadKey: zero,
    });
    expect(withEnc).toMatchObject({ ok: true, uid: '049B112A2F7080', counter: 4 });
    expect(withEnc.ok && withEnc.fileData?.toString('latin1')).toBe('NTXXb7dz3PsYYBlU');
  });

  it('splits an LRP bulk value (48 hex PICCData) from an AES one (32 hex) by its length', () => {
    const picc = field(lrp1.input, 'picc_data');
    const enc = field(lrp1.input, 'enc_file_data');
    const uid = hex('049B112A2F7080');
    const ctr = hex('040000');
    const { masterKey } = deriveLrpSessionKeys(zero, uid, ctr);
    const mac = toHex(computeLrpSdmMac(masterKey, enc));
    const parsed = parseTapQuery(`e=${picc}${enc}${mac}`);
    expect(parsed).toMatchObject({ ok: true, tap: { form: 'encrypted', mode: 'LRP', macInput: enc } });
    const result = verifySunTap({
      tap: `e=${picc}${enc}${mac}`,
      mode: 'LRP',
      metaReadKeys: [zero],
      fileReadKey: zero,
    });
    expect(result.ok && result.fileData?.toString('latin1')).toBe('NTXXb7dz3PsYYBlU');
  });

  it('refuses LRP PICCData on an AES tag and AES PICCData on an LRP tag, before any crypto', () => {
    const query = `picc_data=${field(lrp2.input, 'picc_data')}&cmac=${field(lrp2.input, 'cmac')}`;
    expect(verifySunTap({ tap: query, metaReadKeys: [zero], fileReadKey: zero })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    const parsed = parseTapQuery(query);
    if (!parsed.ok) throw new Error('parse failed');
    const identified = identifyTap(parsed.tap, [zero]);
    if (!identified.ok) throw new Error('identify failed');
    expect(authenticateTap(parsed.tap, identified.candidates[0]!, zero, 'AES')).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(authenticateTap(parsed.tap, identified.candidates[0]!, zero, 'LRP')).toMatchObject({ ok: true });
    expect(decryptPiccData(zero, field(lrp2.input, 'picc_data'))).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses 40-hex PICCData (neither mode) as malformed', () => {
    expect(createTap({ piccData: 'A'.repeat(40), mac: '0'.repeat(16), macInput: '' })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('verifies a plain-mirror tap in the mode the tag was registered with', () => {
    const fileKey = hex('5ACE7E50AB65D5D51FD5BF5A16B8205B');
    const uid = hex('04C767F2066180');
    const ctrLsb = hex('2A0100');
    const { masterKey } = deriveLrpSessionKeys(fileKey, uid, ctrLsb);
    const tap = `uid=04C767F2066180&ctr=00012A&cmac=${toHex(computeLrpSdmMac(masterKey, ''))}`;
    expect(verifySunTap({ tap, mode: 'LRP', fileReadKey: fileKey })).toMatchObject({
      ok: true,
      mode: 'LRP',
      counter: 0x12a,
    });
    // The same URL checked as an AES tag's fails on the MAC: plain taps carry no mode of their own.
    expect(verifySunTap({ tap, fileReadKey: fileKey })).toMatchObject({ ok: false, reason: 'bad_mac' });
  });
});

describe('LRP SUN primitives (tag side reproduced with LRICB)', () => {
  it('decrypts PICCData built as PICCRand || LRICB(K, counter = PICCRand)', () => {
    const key = hex('00112233445566778899AABBCCDDEEFF');
    const piccRand = hex('0102030405060708');
    const plain = hex('C704DE5F1EACC0403D0000DA5CF60941');
    const encrypted = lricbEncrypt(key, piccRand, plain, { pad: false });
    expect(toHex(decryptLrpPiccPlaintext(key, Buffer.concat([piccRand, encrypted])))).toBe(toHex(plain));
    expect(() => decryptLrpPiccPlaintext(key, Buffer.alloc(16))).toThrow(RangeError);
  });

  it('encrypts file data under updated key 1 with counter ctr(LSB) || 000000', () => {
    expect(toHex(lrpFileDataCounter(hex('7B0000')))).toBe('7B0000000000');
    const masterKey = hex('817133DD9FFF11B94FC2FB107AA4D971');
    const ctr = hex('7B0000');
    const data = Buffer.from('0102030400000000', 'latin1');
    const enc = lricbEncrypt(masterKey, lrpFileDataCounter(ctr), data, {
      pad: false,
      updatedKeyIndex: LRP_FILE_DATA_UPDATED_KEY,
    });
    // sdm-backend-lrp-sdm-with-enc-file: the tag's ciphertext for this counter and master key.
    expect(toHex(enc)).toBe('4ADE304B5AB9474CB40AFFCAB0607A85');
    expect(decryptLrpFileData(masterKey, ctr, enc).toString('latin1')).toBe('0102030400000000');
  });
});
