import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';

/*
 * Authenticator-app secrets at rest (decision 075): AES-256-GCM under a key of their own,
 * TOTP_ENCRYPTION_KEY, or for the embedded database a key file made once in DATA_DIR (beside the
 * database it protects, which is the point of a single-machine install; a PostgreSQL install in
 * production must set the variable: config.ts refuses to start without it). Each sealed secret is
 * bound to its account (GCM associated data), so it cannot be moved to another account's row.
 */

/** Made in DATA_DIR when TOTP_ENCRYPTION_KEY is unset. */
export const TOTP_KEY_FILE = 'totp-secrets.key';

const SEAL_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TotpSecretBox = {
  /** Where the key came from, for the start-up log. */
  keySource: 'TOTP_ENCRYPTION_KEY' | 'key-file';
  /** The stored form of a base32 secret for this account. */
  seal: (secret: string, userId: number) => string;
  /**
   * The base32 secret of a stored value: a sealed one is opened (throws if it was tampered with, moved
   * to another account, or sealed under another key); one stored before encryption is answered as is.
   */
  open: (stored: string, userId: number) => string;
};

/** Whether a stored secret is sealed (one from before decision 075 is plain base32). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEAL_PREFIX);
}

const aad = (userId: number) => Buffer.from(`artchip/totp_factors/${userId}`, 'utf8');

function parseKey(hex: string, where: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error(`${where} must hold 64 hex characters (an AES-256 key)`);
  return Buffer.from(hex, 'hex');
}

/** Reads DATA_DIR/totp-secrets.key, creating it (mode 0600, never overwritten) on first use. */
function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, TOTP_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting together keep one key.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(fs.readFileSync(file, 'utf8').trim(), file);
}

export function createTotpSecretBox(config: Pick<Config, 'totpEncryptionKey' | 'dataDir'>): TotpSecretBox {
  const key = config.totpEncryptionKey
    ? parseKey(config.totpEncryptionKey, 'TOTP_ENCRYPTION_KEY')
    : readOrCreateKeyFile(config.dataDir);
  return {
    keySource: config.totpEncryptionKey ? 'TOTP_ENCRYPTION_KEY' : 'key-file',
    seal(secret, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEAL_PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored, userId) {
      if (!isSealed(stored)) return stored;
      const [ivText, bodyText] = stored.slice(SEAL_PREFIX.length).split(':');
      if (!ivText || !bodyText) throw new Error('unknown sealed TOTP secret format');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const boxes = new WeakMap<Config, TotpSecretBox>();

/** One box per app config (the key file read, or made, on first use). */
export function totpSecretBoxFor(config: Config, log?: FastifyBaseLogger): TotpSecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createTotpSecretBox(config);
    if (box.keySource === 'key-file') {
      log?.info(
        { file: path.join(config.dataDir, TOTP_KEY_FILE) },
        'TOTP_ENCRYPTION_KEY is not set: authenticator-app secrets are encrypted under a key file in DATA_DIR',
      );
    }
    boxes.set(config, box);
  }
  return box;
}
