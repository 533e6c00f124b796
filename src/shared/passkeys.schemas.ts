/**
 * Wire schemas of passkeys (WebAuthn; decision 075): registering one, listing, renaming and removing
 * them, and signing in with one. The browser's WebAuthn answers travel as the JSON
 * @simplewebauthn/browser makes of them; the server library checks their contents.
 */
import { z } from 'zod';

const PASSKEY_NAME_MESSAGE = 'Give the passkey a name of up to 60 characters';
const PasskeyNameSchema = z
  .string({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_MESSAGE)
  .max(60, PASSKEY_NAME_MESSAGE);

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** The options a browser passes to navigator.credentials.create / .get (as JSON). */
const WebauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export const PasskeyOptionsSchema = z.object({ options: WebauthnOptionsSchema });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');
const PASSKEY_RESPONSE_MESSAGE = 'The passkey answer is missing or malformed. Please try again.';

/** POST /api/auth/passkeys/registration: the browser's answer to the registration options. */
export const PasskeyRegistrationInputSchema = z.object({
  response: z.looseObject(
    {
      id: base64url,
      rawId: base64url,
      type: z.literal('public-key'),
      response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
    },
    { error: PASSKEY_RESPONSE_MESSAGE },
  ),
  name: PasskeyNameSchema.optional(),
});
export type PasskeyRegistrationInput = z.infer<typeof PasskeyRegistrationInputSchema>;

/**
 * POST /api/auth/passkeys/authentication/options. `challenge`: the second step of a password
 * log-in (its twoFactorRequired challenge), to offer that account's passkeys only; without it, any.
 */
export const PasskeyAuthenticationOptionsInputSchema = z.object({
  challenge: z.string().min(1).max(200).optional(),
});

/** POST /api/auth/passkeys/authentication: the browser's answer to the sign-in options. */
export const PasskeyAuthenticationInputSchema = z.object({
  response: z.looseObject(
    {
      id: base64url,
      rawId: base64url,
      type: z.literal('public-key'),
      response: z.looseObject({
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.optional(),
      }),
    },
    { error: PASSKEY_RESPONSE_MESSAGE },
  ),
});
export type PasskeyAuthenticationInput = z.infer<typeof PasskeyAuthenticationInputSchema>;

/** PATCH /api/auth/passkeys/:id. */
export const PasskeyRenameInputSchema = z.object({ name: PasskeyNameSchema });

export const PasskeyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Passkey not found' })
    .int('Passkey not found')
    .positive('Passkey not found')
    .max(2_147_483_647, 'Passkey not found'),
});

/** DELETE /api/auth/passkeys/:id: the password, or a code from the authenticator app. */
export const PasskeyRemoveInputSchema = z
  .object({
    currentPassword: z.string().max(200).optional(),
    totpCode: z.string().max(20).optional(),
  })
  .refine((v) => Boolean(v.currentPassword) || Boolean(v.totpCode), {
    message: 'Enter your password',
    path: ['currentPassword'],
  });
export type PasskeyRemoveInput = z.infer<typeof PasskeyRemoveInputSchema>;
