import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

/** Raw bytes (PostgreSQL bytea): node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

export const WEBAUTHN_CEREMONIES = ['registration', 'authentication'] as const;
export type WebauthnCeremony = (typeof WEBAUTHN_CEREMONIES)[number];

/**
 * An account's passkeys (WebAuthn credentials; decision 075). `credentialId` is the authenticator's
 * id (base64url, unique across accounts); `publicKey` the COSE public key it registered; `counter`
 * the signature counter last seen (0 for authenticators that keep none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text().notNull(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser reaches the authenticator ('internal', 'hybrid', 'usb', …), as it said. */
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    lastUsedAt: tstz(),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_uq').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
    check('passkeys_counter_ck', sql`${t.counter} >= 0`),
  ],
);

/**
 * A WebAuthn challenge the server handed out: stored as its sha256, used once, a few minutes long.
 * A registration's belongs to the signed-in account; a sign-in's to nobody (any passkey), or, in the
 * second step of a password log-in, to that log-in's account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    ...baseColumns,
    ceremony: text().notNull(),
    challengeHash: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_hash_uq').on(t.challengeHash),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    checkOneOf('webauthn_challenges_ceremony_ck', t.ceremony, WEBAUTHN_CEREMONIES),
    check(
      'webauthn_challenges_registration_user_ck',
      sql`${t.ceremony} <> 'registration' or ${t.userId} is not null`,
    ),
  ],
);
