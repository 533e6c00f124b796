import { randomBytes } from 'node:crypto';
import { aesCbcEncrypt } from '#server/modules/nfc/aes-cmac.ts';
import { lricbEncrypt } from '#server/modules/nfc/lrp.ts';
import {
  computeLrpSdmMac,
  deriveLrpSessionKeys,
  LRP_FILE_DATA_UPDATED_KEY,
  LRP_PICC_RAND_BYTES,
  lrpFileDataCounter,
} from '#server/modules/nfc/sun-lrp.ts';
import {
  computeSdmMac,
  deriveSessionKeys,
  fileDataIv,
  PICC_DATA_TAG_UID_AND_COUNTER,
} from '#server/modules/nfc/sun.ts';

/*
 * The tag side of SUN, for tests: builds the query string an NTAG 424 DNA would emit for a UID and counter
 * with the formulas of SUN.md. AES mode: PICCData = E(K_meta, C7 || UID || ctrLSB || rand), SDMMAC with the
 * CMAC session key. LRP mode (SUN.md §5): PICCData = PICCRand || LRICB(K_meta, counter = PICCRand, C7 || …),
 * SDMMAC = MACt(CMAC_LRP(Km)) with Km = CMAC_LRP(K_file, SV), file data LRICB(Km, updated key 1).
 */

type Key = Uint8Array | string;
const ZERO_IV = Buffer.alloc(16);

function keyBytes(key: Key): Buffer {
  return typeof key === 'string' ? Buffer.from(key, 'hex') : Buffer.from(key);
}

function counterLsb(counter: number): Buffer {
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffff)
    throw new RangeError('counter is 24-bit');
  return Buffer.from([counter & 0xff, (counter >> 8) & 0xff, (counter >> 16) & 0xff]);
}

const hexUpper = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();

export type SunTapSpec = {
  uid: string;
  counter: number;
  fileReadKey: Key;
  /** Needed for every form but 'plain'. */
  metaReadKey?: Key;
  /**
   * 'picc' = ?picc_data=…&cmac=… (this site's template), 'picc-enc' = with &enc=… inside the MAC span,
   * 'e' / 'p' = AN12196 / Bolt Card names, 'bulk' = sdm-backend ?e=<picc><enc><mac>, 'plain' = ?uid=…&ctr=…&cmac=….
   */
  form?: 'picc' | 'picc-enc' | 'e' | 'p' | 'bulk' | 'plain';
  /** File data to encrypt for 'picc-enc' / 'bulk' (multiple of 16 bytes); 16 × 'x' by default. */
  fileData?: Uint8Array;
  /** PICCData random padding (5 bytes); random by default, like a real tag. */
  random?: Uint8Array;
  /** The tag's cipher; AES by default. */
  mode?: 'AES' | 'LRP';
  /** LRP only: PICCRand (8 bytes), random by default. */
  piccRand?: Uint8Array;
};

type TagCrypto = {
  mac: (input: string) => string;
  encryptPicc: (plain: Buffer) => string;
  encryptFile: (data: Buffer) => string;
};

// What differs between the modes: how PICCData, the SDMMAC and file data are produced.
function tagCrypto(spec: SunTapSpec, uid: Buffer, ctr: Buffer): TagCrypto {
  const fileReadKey = keyBytes(spec.fileReadKey);
  const metaReadKey = () => {
    if (!spec.metaReadKey) throw new Error(`form ${spec.form ?? 'picc'} needs metaReadKey`);
    return keyBytes(spec.metaReadKey);
  };
  if (spec.mode === 'LRP') {
    const { masterKey } = deriveLrpSessionKeys(fileReadKey, uid, ctr);
    return {
      mac: (input) => hexUpper(computeLrpSdmMac(masterKey, input)),
      encryptPicc: (plain) => {
        const piccRand = Buffer.from(spec.piccRand ?? randomBytes(LRP_PICC_RAND_BYTES));
        return hexUpper(
          Buffer.concat([piccRand, lricbEncrypt(metaReadKey(), piccRand, plain, { pad: false })]),
        );
      },
      encryptFile: (data) =>
        hexUpper(
          lricbEncrypt(masterKey, lrpFileDataCounter(ctr), data, {
            pad: false,
            updatedKeyIndex: LRP_FILE_DATA_UPDATED_KEY,
          }),
        ),
    };
  }
  const session = deriveSessionKeys(fileReadKey, uid, ctr);
  return {
    mac: (input) => hexUpper(computeSdmMac(session.macKey, input)),
    encryptPicc: (plain) => hexUpper(aesCbcEncrypt(metaReadKey(), ZERO_IV, plain)),
    encryptFile: (data) => hexUpper(aesCbcEncrypt(session.encKey, fileDataIv(session.encKey, ctr), data)),
  };
}

/** The raw query string (no leading '?') of a genuine tap. */
export function makeSunTapQuery(spec: SunTapSpec): string {
  const form = spec.form ?? 'picc';
  const uid = Buffer.from(spec.uid, 'hex');
  if (uid.length !== 7) throw new RangeError('uid must be 7 bytes');
  const ctr = counterLsb(spec.counter);
  const crypto = tagCrypto(spec, uid, ctr);
  const mac = crypto.mac;

  if (form === 'plain') {
    const ctrText = hexUpper(Buffer.from(ctr).reverse());
    return `uid=${hexUpper(uid)}&ctr=${ctrText}&cmac=${mac('')}`;
  }

  const plain = Buffer.concat([
    Buffer.from([PICC_DATA_TAG_UID_AND_COUNTER]),
    uid,
    ctr,
    Buffer.from(spec.random ?? randomBytes(5)),
  ]);
  const picc = crypto.encryptPicc(plain);

  if (form === 'picc-enc' || form === 'bulk') {
    const data = Buffer.from(spec.fileData ?? Buffer.alloc(16, 'x'));
    const enc = crypto.encryptFile(data);
    if (form === 'bulk') return `e=${picc}${enc}${mac(enc)}`;
    // AN12196 layout: the MAC covers the enc value and the text up to the MAC value.
    return `picc_data=${picc}&enc=${enc}&cmac=${mac(`${enc}&cmac=`)}`;
  }
  const [piccName, macName] = form === 'e' ? ['e', 'c'] : form === 'p' ? ['p', 'c'] : ['picc_data', 'cmac'];
  return `${piccName}=${picc}&${macName}=${mac('')}`;
}

/** Flips one hex digit of the MAC (the last parameter value) so the MAC no longer verifies. */
export function corruptMac(query: string): string {
  const last = query.at(-1)!;
  return `${query.slice(0, -1)}${last === '0' ? '1' : '0'}`;
}
