import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTotpSecretBox, isSealed, TOTP_KEY_FILE } from './totp-secrets.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-totp-key-'));
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const KEY = 'ab'.repeat(32);

describe('TOTP secret box', () => {
  it('seals a secret so it is not readable, and opens it again for the same account', () => {
    const box = createTotpSecretBox({ totpEncryptionKey: KEY, dataDir: tempDir() });
    const sealed = box.seal(SECRET, 7);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(box.seal(SECRET, 7)).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 7)).toBe(SECRET);
    expect(box.keySource).toBe('TOTP_ENCRYPTION_KEY');
  });

  it('refuses a sealed secret moved to another account, tampered with, or under another key', () => {
    const box = createTotpSecretBox({ totpEncryptionKey: KEY, dataDir: tempDir() });
    const sealed = box.seal(SECRET, 7);
    expect(() => box.open(sealed, 8)).toThrow();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => box.open(`${sealed.slice(0, -1)}${last}`, 7)).toThrow();
    const other = createTotpSecretBox({ totpEncryptionKey: 'cd'.repeat(32), dataDir: tempDir() });
    expect(() => other.open(sealed, 7)).toThrow();
    expect(() => box.open('v1:garbage', 7)).toThrow();
  });

  it('answers a secret stored before encryption as it is', () => {
    const box = createTotpSecretBox({ totpEncryptionKey: KEY, dataDir: tempDir() });
    expect(isSealed(SECRET)).toBe(false);
    expect(box.open(SECRET, 7)).toBe(SECRET);
  });

  it('without TOTP_ENCRYPTION_KEY, makes a key file once (0600) and keeps using it', () => {
    const dataDir = tempDir();
    const first = createTotpSecretBox({ totpEncryptionKey: undefined, dataDir });
    const file = path.join(dataDir, TOTP_KEY_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.seal(SECRET, 1);
    const again = createTotpSecretBox({ totpEncryptionKey: undefined, dataDir });
    expect(again.keySource).toBe('key-file');
    expect(again.open(sealed, 1)).toBe(SECRET);
  });

  it('refuses a key file that holds no key', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, TOTP_KEY_FILE), 'not a key\n');
    expect(() => createTotpSecretBox({ totpEncryptionKey: undefined, dataDir })).toThrow(/64 hex/);
  });
});
