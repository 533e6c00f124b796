/**
 * Who the passkeys belong to (the WebAuthn "relying party"; decision 075): the site of PUBLIC_URL.
 * A passkey is bound to a host name (the RP ID) and its answers name the page's origin; both must be
 * PUBLIC_URL's. On a loopback address (development, tests) localhost and 127.0.0.1 are one machine, so
 * either is accepted there (browsers refuse an IP address as an RP ID: a browser on 127.0.0.1 cannot
 * use passkeys, one on localhost can).
 */
export type RelyingParty = {
  /** Every origin a passkey answer may name. */
  origins: string[];
  /** Every RP ID a passkey answer may be for. */
  rpIds: string[];
  /** The RP ID to hand a browser on `origin` (the page's, from its Origin header): its own when accepted. */
  rpIdFor: (origin: string | undefined) => string;
};

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(url.origin);
      alias.hostname = host;
      if (!origins.includes(alias.origin)) origins.push(alias.origin);
    }
  }
  const rpIds = [...new Set(origins.map((origin) => new URL(origin).hostname))];
  return {
    origins,
    rpIds,
    rpIdFor(origin) {
      const match = origin && origins.find((o) => o === origin.toLowerCase());
      return match ? new URL(match).hostname : url.hostname;
    },
  };
}

/** The challenge a WebAuthn answer signed, read from its clientDataJSON (base64url JSON); null if none. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}
