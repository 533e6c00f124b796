import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { findAccountById, type UserRow } from '#server/modules/users/index.ts';
import { BRAND } from '#shared/brand.ts';
import type { MessageResponse } from '#shared/auth.schemas.ts';
import type {
  Passkey,
  PasskeyAuthenticationInput,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegistrationInput,
  PasskeyRemoveInput,
} from '#shared/passkeys.schemas.ts';
import type { SessionKind } from './auth.repo.ts';
import * as repo from './passkeys.repo.ts';
import type { PasskeyRow } from './passkeys.repo.ts';
import {
  findPendingSecondStepUser,
  verifySecondFactor,
  type SecondFactorContext,
} from './two-factor.service.ts';
import { challengeOf, type RelyingParty } from './webauthn-party.ts';

/**
 * Passkeys (WebAuthn through @simplewebauthn/server; decision 075). A signed-in account registers
 * passkeys (discoverable credentials with user verification, so the authenticator knows the account
 * and checks its owner's PIN or fingerprint); any of them then signs in without a password or code.
 * Every ceremony's challenge is stored (as its hash), used once and lives a few minutes.
 */

const CHALLENGE_TTL_MS = 5 * 60_000;
/** How long the browser lets the person answer (WebAuthn's `timeout`), inside the challenge's life. */
const CEREMONY_TIMEOUT_MS = 4 * 60_000;

const CHALLENGE_INVALID_MESSAGE = 'This passkey request has expired or was already used. Please try again.';
const SIGN_IN_FAILED_MESSAGE = 'That passkey could not sign you in. Try again, or log in with your password.';
const UNKNOWN_PASSKEY_MESSAGE =
  'That passkey is not registered here (it may have been removed). Log in with your password.';

/** The options as they travel (the library's JSON, checked no further on the way out). */
function wire(options: { challenge: string }): PasskeyOptions {
  return { options: { ...options } };
}

/** What a ceremony needs to know of the request: the page's origin (Origin header) and the time. */
export type PasskeyContext = { now: Date; origin: string | undefined; party: RelyingParty };

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The user handle a passkey carries for its account: not the e-mail, just the account's number. */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`artchip:${userId}`);
}

async function storeChallenge(
  db: Db,
  ceremony: 'registration' | 'authentication',
  challenge: string,
  userId: number | null,
  now: Date,
): Promise<void> {
  await repo.insertWebauthnChallenge(db, {
    ceremony,
    challengeHash: hashToken(challenge),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/** Reads and uses the challenge an answer signed; throws when it is unknown, used, expired or another ceremony's. */
async function claimChallenge(
  db: Db,
  clientDataJSON: string,
  ceremony: 'registration' | 'authentication',
  now: Date,
) {
  const challenge = challengeOf(clientDataJSON);
  const row = challenge && (await repo.claimWebauthnChallenge(db, hashToken(challenge), ceremony, now));
  if (!challenge || !row) throw new AppError('INVALID_TOKEN', CHALLENGE_INVALID_MESSAGE);
  return { challenge, row };
}

/** GET /api/auth/passkeys. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeyList> {
  return { passkeys: (await repo.listPasskeys(db, userId)).map(toPasskey) };
}

/** POST /api/auth/passkeys/registration/options: what the browser needs to create a passkey. */
export async function startPasskeyRegistration(
  db: Db,
  userId: number,
  ctx: PasskeyContext,
): Promise<PasskeyOptions> {
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
  const existing = await repo.listPasskeys(db, userId);
  const options = await generateRegistrationOptions({
    rpName: BRAND.name,
    rpID: ctx.party.rpIdFor(ctx.origin),
    userName: account.email,
    userID: userHandle(userId),
    userDisplayName: account.username,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, 'registration', options.challenge, userId, ctx.now);
  return wire(options);
}

/** POST /api/auth/passkeys/registration: checks the browser's answer and keeps the new passkey. */
export async function finishPasskeyRegistration(
  db: Db,
  userId: number,
  input: PasskeyRegistrationInput,
  ctx: PasskeyContext,
): Promise<Passkey> {
  const { challenge, row } = await claimChallenge(
    db,
    input.response.response.clientDataJSON,
    'registration',
    ctx.now,
  );
  if (row.userId !== userId) throw new AppError('INVALID_TOKEN', CHALLENGE_INVALID_MESSAGE);
  const refused = (reason: string) =>
    new AppError('VALIDATION_FAILED', `The passkey could not be added: ${reason}`, {
      fieldErrors: { response: [reason] },
    });
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: ctx.party.origins,
      expectedRPID: ctx.party.rpIds,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : 'its answer did not check out.');
  }
  if (!verification.verified) throw refused('its answer did not check out.');
  const { credential } = verification.registrationInfo;
  const count = await repo.countPasskeys(db, userId);
  const saved = await repo.insertPasskey(db, {
    userId,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name ?? `Passkey ${count + 1}`,
  });
  if (!saved) throw new AppError('CONFLICT', 'This passkey is already registered.');
  return toPasskey(saved);
}

/** PATCH /api/auth/passkeys/:id. */
export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<Passkey> {
  const row = await repo.renamePasskey(db, userId, id, name);
  if (!row) throw new AppError('NOT_FOUND', 'Passkey not found');
  return toPasskey(row);
}

/**
 * DELETE /api/auth/passkeys/:id: with the account's password or a code from its authenticator app
 * (as turning the app off asks), the passkey goes. Another account's passkey is "not found".
 */
export async function removePasskey(
  db: Db,
  userId: number,
  id: number,
  proof: PasskeyRemoveInput,
  ctx: SecondFactorContext,
): Promise<MessageResponse> {
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
  if (proof.totpCode) {
    if (!(await verifySecondFactor(db, userId, proof.totpCode, ctx))) {
      const message = 'That code is not right. Check the authenticator app and try again.';
      throw new AppError('VALIDATION_FAILED', message, { fieldErrors: { totpCode: [message] } });
    }
  } else if (!(await verifyPassword(account.passwordHash, proof.currentPassword ?? ''))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
  }
  if (!(await repo.deletePasskey(db, userId, id))) throw new AppError('NOT_FOUND', 'Passkey not found');
  return { message: 'The passkey is removed.' };
}

/**
 * POST /api/auth/passkeys/authentication/options. Without a `challenge`, any passkey of this site may
 * answer (the browser offers the ones it holds); with the challenge of a password log-in's second
 * step, only that account's.
 */
export async function startPasskeySignIn(
  db: Db,
  input: { challenge?: string | undefined },
  kind: SessionKind,
  ctx: PasskeyContext,
): Promise<PasskeyOptions> {
  let userId: number | null = null;
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (input.challenge) {
    userId = await findPendingSecondStepUser(db, input.challenge, kind, ctx.now);
    const own = await repo.listPasskeys(db, userId);
    if (own.length === 0) throw new AppError('UNPROCESSABLE', 'This account has no passkey.');
    allowCredentials = own.map((p) => ({
      id: p.credentialId,
      transports: p.transports,
    }));
  }
  const options = await generateAuthenticationOptions({
    rpID: ctx.party.rpIdFor(ctx.origin),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    ...(allowCredentials && { allowCredentials }),
  });
  await storeChallenge(db, 'authentication', options.challenge, userId, ctx.now);
  return wire(options);
}

/**
 * POST /api/auth/passkeys/authentication: checks the passkey's signature over this site's challenge,
 * with the owner verified by the authenticator; answers the account to sign in.
 */
export async function finishPasskeySignIn(
  db: Db,
  input: PasskeyAuthenticationInput,
  ctx: PasskeyContext,
): Promise<UserRow> {
  const { challenge, row } = await claimChallenge(
    db,
    input.response.response.clientDataJSON,
    'authentication',
    ctx.now,
  );
  const passkey = await repo.findPasskeyByCredentialId(db, input.response.id);
  if (!passkey) throw new AppError('UNAUTHENTICATED', UNKNOWN_PASSKEY_MESSAGE);
  if (row.userId !== null && row.userId !== passkey.userId) {
    throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED_MESSAGE);
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: ctx.party.origins,
      expectedRPID: ctx.party.rpIds,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED_MESSAGE);
  }
  if (!verification.verified) throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED_MESSAGE);
  const used = await repo.recordPasskeyUse(
    db,
    passkey.id,
    passkey.counter,
    verification.authenticationInfo.newCounter,
    ctx.now,
  );
  const user = used ? await findAccountById(db, passkey.userId) : null;
  if (!user) throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED_MESSAGE);
  return user;
}
