import { describe, expect, it } from 'vitest';
import { parseTapQuery, verifySunTap } from '#server/modules/nfc/sun.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';

// The generator must agree with published tags, or every "authentic" test would only prove self-consistency.
describe('tests/helpers/sun-tap.ts', () => {
  it('reproduces AN12196 §4.4.2 (encrypted PICCData, MAC over the empty string)', () => {
    const query = makeSunTapQuery({
      uid: '04DE5F1EACC040',
      counter: 61,
      metaReadKey: '0'.repeat(32),
      fileReadKey: '0'.repeat(32),
      random: Buffer.from('DA5CF60941', 'hex'),
    });
    expect(query).toBe('picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086');
  });

  it('reproduces the sdm-backend plain-mirror tap', () => {
    const query = makeSunTapQuery({
      uid: '041E3C8A2D6B80',
      counter: 6,
      fileReadKey: '0'.repeat(32),
      form: 'plain',
    });
    expect(query).toBe('uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3');
  });

  it('produces every form the parser knows, verifiable with the same keys', () => {
    const keys = { metaReadKey: '11'.repeat(16), fileReadKey: '22'.repeat(16) };
    for (const form of ['picc', 'picc-enc', 'e', 'p', 'bulk', 'plain'] as const) {
      const query = makeSunTapQuery({ ...keys, uid: '04AABBCCDDEEFF', counter: 0x123456, form });
      expect(parseTapQuery(query).ok).toBe(true);
      const result = verifySunTap({
        tap: query,
        metaReadKeys: [Buffer.from(keys.metaReadKey, 'hex')],
        fileReadKey: Buffer.from(keys.fileReadKey, 'hex'),
      });
      expect(result).toMatchObject({ ok: true, uid: '04AABBCCDDEEFF', counter: 0x123456 });
    }
  });
});
