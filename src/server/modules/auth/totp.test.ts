import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
} from './totp.ts';

const at = (seconds: number) => new Date(seconds * 1000);

describe('totp', () => {
  it('accepts the current code and answers its step', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const code = await generate({ secret, epoch: now });
    expect(await matchTotp(secret, code, at(now), null)).toBe(Math.floor(now / 30));
  });

  it('allows one step of drift but not two', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const previous = await generate({ secret, epoch: now - 30 });
    const older = await generate({ secret, epoch: now - 60 });
    expect(await matchTotp(secret, previous, at(now), null)).toBe(Math.floor(now / 30) - 1);
    expect(await matchTotp(secret, older, at(now), null)).toBeNull();
  });

  it('refuses a code of a step at or before the last accepted one (replay)', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const code = await generate({ secret, epoch: now });
    const step = Math.floor(now / 30);
    expect(await matchTotp(secret, code, at(now), step)).toBeNull();
    expect(await matchTotp(secret, code, at(now), step - 1)).toBe(step);
  });

  it('refuses a wrong or malformed code', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const code = await generate({ secret, epoch: now });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await matchTotp(secret, wrong, at(now), null)).toBeNull();
    expect(await matchTotp(secret, 'abcdef', at(now), null)).toBeNull();
  });

  it('makes an otpauth URL with the issuer and label', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'Artchip', 'a@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=Artchip');
  });

  it('makes ten distinct recovery codes that hash the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const [first] = codes;
    expect(normalizeRecoveryCode(` ${first!.toLowerCase()} `)).toBe(first!.replace('-', ''));
    expect(hashRecoveryCode(first!.toLowerCase().replace('-', ''))).toBe(hashRecoveryCode(first!));
  });
});
