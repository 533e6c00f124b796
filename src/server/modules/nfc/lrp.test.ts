import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  evalLrp,
  generatePlaintexts,
  generateUpdatedKeys,
  incrementCounter,
  lrpCmac,
  lricbDecrypt,
  lricbEncrypt,
  nibblesOf,
} from './lrp.ts';

type Vector = { id: string; kind: string; input: Record<string, unknown>; expected: Record<string, unknown> };

const fixture = JSON.parse(
  fs.readFileSync(new URL('../../../../tests/fixtures/nfc/vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const hex = (value: string): Buffer => Buffer.from(value, 'hex');
const toHex = (value: Uint8Array): string => Buffer.from(value).toString('hex').toUpperCase();
const ofKind = (kind: string): Vector[] => fixture.vectors.filter((v) => v.kind === kind);

function field(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  if (typeof value !== 'string') throw new Error(`vector field "${name}" missing or not a string`);
  return value;
}

function indexed(record: Record<string, unknown>, name: string): [number, string][] {
  const value = record[name];
  if (!value || typeof value !== 'object') throw new Error(`vector field "${name}" is not an object`);
  return Object.entries(value as Record<string, string>).map(([i, v]) => [Number(i), v.toUpperCase()]);
}

describe('AN12304 vectors in vectors.json', () => {
  it('holds every LRP primitive kind, in the numbers the sources give', () => {
    expect(ofKind('lrp_plaintexts')).toHaveLength(1);
    expect(ofKind('lrp_updated_keys')).toHaveLength(1);
    expect(ofKind('lrp_eval')).toHaveLength(50);
    expect(ofKind('lrp_cmac')).toHaveLength(50);
    expect(ofKind('lricb')).toHaveLength(2);
  });
});

describe('kind=lrp_plaintexts', () => {
  for (const v of ofKind('lrp_plaintexts')) {
    it(v.id, () => {
      const p = generatePlaintexts(hex(field(v.input, 'key')));
      expect(p).toHaveLength(16);
      for (const [i, want] of indexed(v.expected, 'p')) expect(toHex(p[i]!), `p[${i}]`).toBe(want);
    });
  }
});

describe('kind=lrp_updated_keys', () => {
  for (const v of ofKind('lrp_updated_keys')) {
    it(v.id, () => {
      const uk = generateUpdatedKeys(hex(field(v.input, 'key')));
      for (const [i, want] of indexed(v.expected, 'uk')) expect(toHex(uk[i]!), `uk[${i}]`).toBe(want);
    });
  }
});

describe('kind=lrp_eval', () => {
  for (const v of ofKind('lrp_eval')) {
    it(v.id, () => {
      const key = hex(field(v.input, 'key'));
      const updatedKey = v.input['updated_key'];
      const final = v.input['final'];
      if (typeof updatedKey !== 'number' || typeof final !== 'boolean')
        throw new Error('bad lrp_eval vector');
      // Odd nibble counts occur, so the input is walked as hex digits, not bytes.
      const nibbles = [...field(v.input, 'iv_nibbles')].map((d) => parseInt(d, 16));
      const result = evalLrp(generatePlaintexts(key), generateUpdatedKeys(key)[updatedKey]!, nibbles, final);
      expect(toHex(result)).toBe(field(v.expected, 'result').toUpperCase());
    });
  }
});

describe('kind=lrp_cmac', () => {
  for (const v of ofKind('lrp_cmac')) {
    it(v.id, () => {
      const key = hex(field(v.input, 'key'));
      // `kx` is an intermediate AN12304 prints but sdm-backend's test does not check either; the MAC is the vector.
      expect(toHex(lrpCmac(key, hex(field(v.input, 'msg'))))).toBe(field(v.expected, 'mac').toUpperCase());
    });
  }
});

describe('kind=lricb', () => {
  for (const v of ofKind('lricb')) {
    it(v.id, () => {
      const key = hex(field(v.input, 'key'));
      const counter = hex(field(v.input, 'counter'));
      const pad = v.input['pad'] === true;
      if (v.input['direction'] === 'encrypt') {
        const ct = lricbEncrypt(key, counter, hex(field(v.input, 'plaintext')), { pad });
        expect(toHex(ct)).toBe(field(v.expected, 'ciphertext').toUpperCase());
      } else {
        const pt = lricbDecrypt(key, counter, hex(field(v.input, 'ciphertext')), { pad });
        expect(toHex(pt)).toBe(field(v.expected, 'plaintext').toUpperCase());
      }
    });
  }
});

describe('LRP helpers', () => {
  it('reads nibbles most significant first', () => {
    expect(nibblesOf(hex('1F0A'))).toEqual([1, 15, 0, 10]);
  });

  it('increments the counter big-endian and wraps at its width', () => {
    expect(toHex(incrementCounter(hex('00FF')))).toBe('0100');
    expect(toHex(incrementCounter(hex('FFFFFF')))).toBe('000000');
    expect(toHex(incrementCounter(hex('C3315DBF')))).toBe('C3315DC0');
  });

  it('round-trips LRICB without padding across a counter wrap and several blocks', () => {
    const key = hex('E0C4935FF0C254CD2CEF8FDDC32460CF');
    const data = Buffer.alloc(48, 0x42);
    const ct = lricbEncrypt(key, hex('FFFF'), data, { pad: false, updatedKeyIndex: 1 });
    // Each block has its own key: equal plaintext blocks never give equal ciphertext blocks.
    expect(ct.subarray(0, 16).equals(ct.subarray(16, 32))).toBe(false);
    expect(lricbDecrypt(key, hex('FFFF'), ct, { pad: false, updatedKeyIndex: 1 })).toEqual(data);
    // The wrong updated key does not decrypt.
    expect(lricbDecrypt(key, hex('FFFF'), ct, { pad: false, updatedKeyIndex: 0 })).not.toEqual(data);
  });

  it('refuses unpadded data of a partial block and bad padding', () => {
    const key = Buffer.alloc(16);
    expect(() => lricbEncrypt(key, hex('00'), Buffer.alloc(5), { pad: false })).toThrow(RangeError);
    expect(() => lricbDecrypt(key, hex('00'), Buffer.alloc(16), { pad: true })).toThrow(/padding/);
    expect(() => lricbDecrypt(key, Buffer.alloc(0), Buffer.alloc(16))).toThrow(RangeError);
  });

  it('pads a whole-block plaintext with a full extra block, and an empty one to one block', () => {
    const key = Buffer.alloc(16);
    expect(lricbEncrypt(key, hex('01'), Buffer.alloc(16))).toHaveLength(32);
    const empty = lricbEncrypt(key, hex('01'), Buffer.alloc(0));
    expect(empty).toHaveLength(16);
    expect(lricbDecrypt(key, hex('01'), empty)).toHaveLength(0);
  });

  it('refuses keys that are not 16 bytes and out-of-range updated keys', () => {
    expect(() => generatePlaintexts(Buffer.alloc(15))).toThrow(RangeError);
    expect(() => lrpCmac(Buffer.alloc(16), Buffer.alloc(0), 4)).toThrow(RangeError);
  });
});
