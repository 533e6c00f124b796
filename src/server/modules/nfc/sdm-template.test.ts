import { describe, expect, it } from 'vitest';
import { buildSdmTemplate, sunUrlTemplate } from './sdm-template.ts';

describe('SDM template', () => {
  it('reproduces the AN12196 §6.7 example offsets (PICCData at 0x20, MAC at 0x43)', () => {
    const t = buildSdmTemplate('https://choose.url.com/ntag424?e={PICCData}&c={MAC}');
    expect(t.piccDataOffset).toBe(0x20);
    expect(t.sdmMacOffset).toBe(0x43);
    expect(t.sdmMacInputOffset).toBe(0x43);
    expect(t.ndefFileHex.slice(0, 14)).toBe('0051D1014D5504');
  });

  it('places the placeholders where the offsets say, for http and https sites', () => {
    for (const site of ['https://artchip.example', 'http://localhost:3000/']) {
      const t = buildSdmTemplate(sunUrlTemplate(site));
      const file = Buffer.from(t.ndefFileHex, 'hex');
      expect(file.readUInt16BE(0)).toBe(file.length - 2);
      expect(file.subarray(t.piccDataOffset - 'picc_data='.length, t.piccDataOffset).toString()).toBe(
        'picc_data=',
      );
      expect(file.subarray(t.piccDataOffset, t.piccDataOffset + 32).toString()).toBe('0'.repeat(32));
      expect(file.subarray(t.sdmMacOffset - '&cmac='.length, t.sdmMacOffset).toString()).toBe('&cmac=');
      expect(file.subarray(t.sdmMacOffset, t.sdmMacOffset + 16).toString()).toBe('0'.repeat(16));
      expect(t.sdmMacOffset + 16).toBe(file.length);
      expect(t.ndefUrl).toBe(
        `${site.replace(/\/$/, '')}/?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
      );
    }
  });

  it('leaves 48 hex characters for LRP PICCData (PICCRand + one block)', () => {
    const t = buildSdmTemplate(sunUrlTemplate('https://artchip.example'), 'LRP');
    const file = Buffer.from(t.ndefFileHex, 'hex');
    expect(file.subarray(t.piccDataOffset, t.piccDataOffset + 48).toString()).toBe('0'.repeat(48));
    expect(file.subarray(t.sdmMacOffset - '&cmac='.length, t.sdmMacOffset).toString()).toBe('&cmac=');
    expect(t.sdmMacOffset - t.piccDataOffset).toBe(48 + '&cmac='.length);
    expect(t.ndefUrl).toBe(`https://artchip.example/?picc_data=${'0'.repeat(48)}&cmac=${'0'.repeat(16)}`);
  });

  it('refuses templates the tag cannot hold', () => {
    expect(() => buildSdmTemplate(sunUrlTemplate(`https://${'a'.repeat(240)}.example`))).toThrow(/too long/);
    expect(() => buildSdmTemplate('https://x.example/?c={MAC}&e={PICCData}')).toThrow(/before/);
    expect(() => buildSdmTemplate('https://x.example/')).toThrow(/needs/);
  });
});
