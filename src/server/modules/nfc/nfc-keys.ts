import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import { diversifyKeyAn10922 } from './an10922.ts';

/*
 * Key custody for NTAG 424 DNA tags (issue 7). One AES-128 master key (NFC_MASTER_KEY, or a per-install key file)
 * is the root of everything:
 *  - tag keys are diversified from it with AN10922, so a programming station holding the master key can derive
 *    them from the UID alone and the server never has to hand a key out;
 *  - every tag key stored in the database is sealed with AES-256-GCM under an HKDF-derived storage key.
 */

/** Key numbers on the tag: SDMMetaRead = 1, SDMFileRead = 2 (the Bolt Card layout; key 0 stays the app master). */
export const SDM_META_READ_KEY_NUMBER = 1;
export const SDM_FILE_READ_KEY_NUMBER = 2;

/** Stored in DATA_DIR when NFC_MASTER_KEY is unset; fine for one machine, wrong for several (keys would differ). */
const INSTALL_KEY_FILE = 'nfc-master.key';

// Diversification inputs (AN10922 M). Fixed forever once tags are programmed; the station uses the same bytes.
const DIVERSIFICATION_TAG = Buffer.from('Artchip', 'ascii');
// The meta-read key cannot depend on the UID (it is needed to learn the UID), so all tags share it.
const META_READ_INPUT = Buffer.concat([
  Buffer.from([SDM_META_READ_KEY_NUMBER]),
  DIVERSIFICATION_TAG,
  Buffer.from('SDMMetaRead', 'ascii'),
]);

const SEAL_VERSION = 'v1';
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

type MasterKeySource = 'NFC_MASTER_KEY' | 'install-key-file';

/** The role a sealed key plays; part of the GCM associated data so a sealed key cannot be moved to another slot. */
type KeyRole = 'metaRead' | 'fileRead';

type DiversifiedTagKeys = {
  metaReadKey: Buffer;
  fileReadKey: Buffer;
  metaReadInput: Buffer;
  fileReadInput: Buffer;
};

export type NfcKeyring = {
  masterKeySource: MasterKeySource;
  /** AES-256-GCM seal of a tag key, bound to the tag UID and key role. */
  seal: (key: Uint8Array, uid: string, role: KeyRole) => string;
  /** Opens a sealed key; throws if it was tampered with, moved, or sealed under another master key. */
  open: (sealed: string, uid: string, role: KeyRole) => Buffer;
  /** Non-reversible fingerprint of a key (HMAC under a derived key), to group tags by meta-read key. */
  keyId: (key: Uint8Array) => string;
  /** AN10922 keys for one tag. */
  diversify: (uid: string) => DiversifiedTagKeys;
};

/** AN10922 input for a tag's SDMFileRead key: UID(7) || key number || "Artchip". */
export function fileReadDiversificationInput(uid: string): Buffer {
  return Buffer.concat([
    Buffer.from(uid, 'hex'),
    Buffer.from([SDM_FILE_READ_KEY_NUMBER]),
    DIVERSIFICATION_TAG,
  ]);
}

/** AN10922 input of the SDMMetaRead key shared by every tag. */
export function metaReadDiversificationInput(): Buffer {
  return Buffer.from(META_READ_INPUT);
}

function aad(uid: string, role: KeyRole): Buffer {
  return Buffer.from(`artchip/nfc_tags/${uid.toUpperCase()}/${role}`, 'utf8');
}

/** Reads DATA_DIR/nfc-master.key, creating it (mode 0600, never overwritten) on first use. */
function readOrCreateInstallKey(dataDir: string): Buffer {
  const file = path.join(dataDir, INSTALL_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together never replace each other's key.
    fs.writeFileSync(file, `${randomBytes(16).toString('hex').toUpperCase()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9A-Fa-f]{32}$/.test(text))
    throw new Error(`${file} must hold 32 hex characters (an AES-128 key)`);
  return Buffer.from(text, 'hex');
}

/** Builds the keyring from NFC_MASTER_KEY, or from the install key file with a warning. */
export function createNfcKeyring(
  config: Pick<Config, 'nfcMasterKey' | 'dataDir'>,
  log?: FastifyBaseLogger,
): NfcKeyring {
  let master: Buffer;
  let masterKeySource: MasterKeySource;
  if (config.nfcMasterKey) {
    master = Buffer.from(config.nfcMasterKey, 'hex');
    masterKeySource = 'NFC_MASTER_KEY';
  } else {
    master = readOrCreateInstallKey(config.dataDir);
    masterKeySource = 'install-key-file';
    log?.warn(
      { file: path.join(config.dataDir, INSTALL_KEY_FILE) },
      'NFC_MASTER_KEY is not set: NFC tag keys use a per-install key file. Production must set NFC_MASTER_KEY ' +
        '(the same value on every server and programming station).',
    );
  }
  const storageKey = Buffer.from(hkdfSync('sha256', master, 'artchip-nfc', 'nfc-tag-key-storage/v1', 32));
  const fingerprintKey = Buffer.from(hkdfSync('sha256', master, 'artchip-nfc', 'nfc-key-fingerprint/v1', 32));

  return {
    masterKeySource,
    seal(key, uid, role) {
      const iv = randomBytes(GCM_IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', storageKey, iv);
      cipher.setAAD(aad(uid, role));
      const body = Buffer.concat([cipher.update(key), cipher.final(), cipher.getAuthTag()]);
      return `${SEAL_VERSION}:${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(sealed, uid, role) {
      const [version, ivText, bodyText] = sealed.split(':');
      if (version !== SEAL_VERSION || !ivText || !bodyText) throw new Error('unknown sealed key format');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', storageKey, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(uid, role));
      decipher.setAuthTag(body.subarray(body.length - GCM_TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - GCM_TAG_BYTES)),
        decipher.final(),
      ]);
    },
    keyId(key) {
      return createHmac('sha256', fingerprintKey).update(key).digest('hex').slice(0, 16);
    },
    diversify(uid) {
      const metaReadInput = metaReadDiversificationInput();
      const fileReadInput = fileReadDiversificationInput(uid);
      return {
        metaReadKey: diversifyKeyAn10922(master, metaReadInput),
        fileReadKey: diversifyKeyAn10922(master, fileReadInput),
        metaReadInput,
        fileReadInput,
      };
    },
  };
}

const keyrings = new WeakMap<Config, NfcKeyring>();

/** One keyring per app config (created, and the missing-master warning logged, on first use). */
export function nfcKeyringFor(config: Config, log?: FastifyBaseLogger): NfcKeyring {
  let keyring = keyrings.get(config);
  if (!keyring) {
    keyring = createNfcKeyring(config, log);
    keyrings.set(config, keyring);
  }
  return keyring;
}
