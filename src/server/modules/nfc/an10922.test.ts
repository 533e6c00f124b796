import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { aesCmac, cmacSubkeys } from './aes-cmac.ts';
import { AN10922_MAX_INPUT_BYTES, an10922Input, diversifyKeyAn10922 } from './an10922.ts';

type Vector = {
  id: string;
  kind: string;
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

const an10922Vectors = fixture.vectors.filter((v) => v.kind === 'an10922');

describe('diversifyKeyAn10922 against vectors.json kind=an10922', () => {
  it('has an10922 vectors to run', () => {
    expect(an10922Vectors.length).toBeGreaterThan(0);
  });

  for (const v of an10922Vectors) {
    it(v.id, () => {
      const master = hex(field(v.input, 'master_key'));
      const m = hex(field(v.input, 'm'));
      expect(toHex(diversifyKeyAn10922(master, m))).toBe(field(v.expected, 'key').toUpperCase());

      const { k1, k2 } = cmacSubkeys(master);
      if (typeof v.expected['subkey_k1'] === 'string') {
        expect(toHex(k1)).toBe(field(v.expected, 'subkey_k1').toUpperCase());
      }
      if (typeof v.expected['subkey_k2'] === 'string') {
        expect(toHex(k2)).toBe(field(v.expected, 'subkey_k2').toUpperCase());
      }
    });
  }
});

describe('diversifyKeyAn10922 properties', () => {
  const master = hex('00112233445566778899AABBCCDDEEFF');

  it('equals plain CMAC(01 || M) only when 01 || M spans 17..32 bytes', () => {
    for (let length = 1; length <= AN10922_MAX_INPUT_BYTES; length++) {
      const m = Buffer.alloc(length, 0x5a);
      const plain = aesCmac(master, Buffer.concat([Buffer.from([0x01]), m]));
      const same = diversifyKeyAn10922(master, m).equals(plain);
      expect(same, `|M| = ${length}`).toBe(length + 1 >= 17);
    }
  });

  it('rejects empty and over-long inputs', () => {
    expect(() => diversifyKeyAn10922(master, Buffer.alloc(0))).toThrow(RangeError);
    expect(() => diversifyKeyAn10922(master, Buffer.alloc(AN10922_MAX_INPUT_BYTES + 1))).toThrow(RangeError);
  });

  it('builds M as UID || AID || SystemIdentifier', () => {
    const vector = an10922Vectors.find((v) => v.id === 'an10922-2.2.1-aes128');
    expect(vector).toBeDefined();
    if (!vector) return;
    const m = an10922Input(hex('04782E21801D80'), hex('3042F5'), Buffer.from('NXP Abu', 'ascii'));
    expect(toHex(m)).toBe(field(vector.input, 'm').toUpperCase());
    expect(() => an10922Input(Buffer.alloc(7), Buffer.alloc(3), Buffer.alloc(22))).toThrow(RangeError);
  });
});
