import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diversifyKeyAn10922 } from './an10922.ts';
import { createNfcKeyring, fileReadDiversificationInput, metaReadDiversificationInput } from './nfc-keys.ts';

const MASTER = '00112233445566778899AABBCCDDEEFF';
const UID = '04DE5F1EACC040';
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-nfc-keys-'));

describe('NFC keyring', () => {
  it('seals keys with AES-256-GCM bound to UID and role, and opens them again', () => {
    const keyring = createNfcKeyring({ nfcMasterKey: MASTER, dataDir: tempDir() });
    const key = Buffer.from('2B7E151628AED2A6ABF7158809CF4F3C', 'hex');
    const sealed = keyring.seal(key, UID, 'fileRead');
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]+$/);
    expect(sealed.toUpperCase()).not.toContain('2B7E1516');
    expect(keyring.seal(key, UID, 'fileRead')).not.toBe(sealed);
    expect(keyring.open(sealed, UID, 'fileRead')).toEqual(key);
    expect(() => keyring.open(sealed, '04000000000000', 'fileRead')).toThrow();
    expect(() => keyring.open(sealed, UID, 'metaRead')).toThrow();
    const [v, iv, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => keyring.open(`${v}:${iv}:${flipped.toString('base64url')}`, UID, 'fileRead')).toThrow();
    const otherMaster = createNfcKeyring({ nfcMasterKey: 'FF'.repeat(16), dataDir: tempDir() });
    expect(() => otherMaster.open(sealed, UID, 'fileRead')).toThrow();
  });

  it('fingerprints keys without revealing them, per master key', () => {
    const a = createNfcKeyring({ nfcMasterKey: MASTER, dataDir: tempDir() });
    const b = createNfcKeyring({ nfcMasterKey: 'FF'.repeat(16), dataDir: tempDir() });
    const key = Buffer.alloc(16, 7);
    expect(a.keyId(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(a.keyId(key)).toBe(a.keyId(Buffer.alloc(16, 7)));
    expect(a.keyId(key)).not.toBe(a.keyId(Buffer.alloc(16, 8)));
    expect(a.keyId(key)).not.toBe(b.keyId(key));
  });

  it('diversifies with AN10922: one shared meta-read key, a per-UID file-read key', () => {
    const keyring = createNfcKeyring({ nfcMasterKey: MASTER, dataDir: tempDir() });
    const one = keyring.diversify(UID);
    const two = keyring.diversify('04AABBCCDDEEFF');
    expect(one.metaReadKey).toEqual(two.metaReadKey);
    expect(one.fileReadKey).not.toEqual(two.fileReadKey);
    const master = Buffer.from(MASTER, 'hex');
    expect(one.fileReadKey).toEqual(diversifyKeyAn10922(master, fileReadDiversificationInput(UID)));
    expect(one.metaReadKey).toEqual(diversifyKeyAn10922(master, metaReadDiversificationInput()));
    expect(fileReadDiversificationInput(UID).toString('hex').toUpperCase()).toBe(
      `${UID}02${Buffer.from('Artchip').toString('hex').toUpperCase()}`,
    );
  });

  it('without a master key, creates DATA_DIR/nfc-master.key (0600) once and keeps using it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = createNfcKeyring({ nfcMasterKey: undefined, dataDir });
    const file = path.join(dataDir, 'nfc-master.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.seal(Buffer.alloc(16, 1), UID, 'metaRead');
    const second = createNfcKeyring({ nfcMasterKey: undefined, dataDir });
    expect(second.masterKeySource).toBe('install-key-file');
    expect(second.open(sealed, UID, 'metaRead')).toEqual(Buffer.alloc(16, 1));
  });

  it('refuses a corrupt key file', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'nfc-master.key'), 'not a key');
    expect(() => createNfcKeyring({ nfcMasterKey: undefined, dataDir })).toThrow(/32 hex characters/);
  });
});
