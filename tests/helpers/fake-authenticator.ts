import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for API tests (decision 075): an ES256 key from node:crypto that answers
 * WebAuthn registration ("none" attestation) and sign-in options the way a browser and a platform
 * authenticator would, so @simplewebauthn/server checks real signatures. Test-side only.
 */

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };
type Overrides = {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  challenge?: string;
  type?: string;
};

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest();

export function createSoftwareAuthenticator(defaults: { origin: string; rpId?: string }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  let userHandle = '';

  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );

  function authData(rpId: string, userVerified: boolean, attested: boolean): Buffer {
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey));
    }
    return Buffer.concat(parts);
  }

  function clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  return {
    credentialId: b64url(credentialId),
    /** The answer of navigator.credentials.create to registration options. */
    register(options: Options, overrides: Overrides = {}) {
      const rpId = overrides.rpId ?? options.rp?.id ?? defaults.rpId ?? new URL(defaults.origin).hostname;
      userHandle = options.user?.id ?? '';
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData(rpId, overrides.userVerified ?? true, true))],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData(
              overrides.type ?? 'webauthn.create',
              overrides.challenge ?? options.challenge,
              overrides.origin ?? defaults.origin,
            ),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer of navigator.credentials.get to sign-in options (the counter goes up by one). */
    authenticate(options: Options, overrides: Overrides = {}) {
      const rpId = overrides.rpId ?? options.rpId ?? defaults.rpId ?? new URL(defaults.origin).hostname;
      counter += 1;
      const data = authData(rpId, overrides.userVerified ?? true, false);
      const client = clientData(
        overrides.type ?? 'webauthn.get',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? defaults.origin,
      );
      const signature = crypto.sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
