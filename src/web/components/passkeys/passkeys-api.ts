import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminLoginResponseSchema,
  AuthSessionSchema,
  MessageResponseSchema,
  type AdminLoginResponse,
  type AuthSession,
} from '#shared/auth.schemas.ts';
import {
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  type PasskeyRemoveInput,
} from '#shared/passkeys.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * The calls of passkeys (decision 075): the server's options go to the browser's WebAuthn (through
 * @simplewebauthn/browser, loaded on first use) and its answer back to the server.
 */

/** The user's passkeys (/api/auth/passkeys) or, on the admin session, the admin's. */
export type PasskeyArea = 'user' | 'admin';

const prefix = (area: PasskeyArea) => (area === 'admin' ? '/api/admin/auth/passkeys' : '/api/auth/passkeys');
const listKey = (area: PasskeyArea) => ['passkeys', area] as const;

/** A WebAuthn refusal in the browser (cancelled, timed out, no authenticator): said in plain words. */
export class PasskeyCancelledError extends Error {}

const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export async function browserHasPasskeys(): Promise<boolean> {
  return (await webauthn()).browserSupportsWebAuthn();
}

async function inBrowser<T>(ceremony: () => Promise<T>, message: string): Promise<T> {
  try {
    return await ceremony();
  } catch (err) {
    throw new PasskeyCancelledError(
      err instanceof Error && err.name !== 'NotAllowedError' ? `${message} (${err.message})` : message,
    );
  }
}

export function usePasskeys(area: PasskeyArea) {
  return useQuery({
    queryKey: listKey(area),
    queryFn: async () => PasskeyListSchema.parse(await api(prefix(area))).passkeys,
  });
}

export function useAddPasskey(area: PasskeyArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const { options } = PasskeyOptionsSchema.parse(
        await api(`${prefix(area)}/registration/options`, { method: 'POST' }),
      );
      const { startRegistration } = await webauthn();
      const response = await inBrowser(
        () =>
          startRegistration({
            optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
          }),
        'The passkey was not created: the request was cancelled or timed out.',
      );
      return PasskeySchema.parse(
        await api(`${prefix(area)}/registration`, {
          method: 'POST',
          body: { response, ...(name && { name }) },
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(area) }),
  });
}

export function useRemovePasskey(area: PasskeyArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, proof }: { id: number; proof: PasskeyRemoveInput }) =>
      MessageResponseSchema.parse(await api(`${prefix(area)}/${id}`, { method: 'DELETE', body: proof })),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(area) }),
  });
}

/** The browser's passkey answer to this site's sign-in options (`challenge`: a log-in's second step). */
async function passkeyAssertion(area: PasskeyArea, challenge: string | undefined) {
  const { options } = PasskeyOptionsSchema.parse(
    await api(`${prefix(area)}/authentication/options`, {
      method: 'POST',
      body: challenge ? { challenge } : {},
      checksCredentials: true,
    }),
  );
  const { startAuthentication } = await webauthn();
  return inBrowser(
    () =>
      startAuthentication({
        optionsJSON: options,
      }),
    'No passkey was used: the request was cancelled or timed out.',
  );
}

/**
 * Signs in with a passkey the browser holds for this site. `challenge`: the second step of a password
 * log-in, to offer only that account's passkeys.
 */
export async function signInWithPasskey(challenge?: string): Promise<AuthSession> {
  const response = await passkeyAssertion('user', challenge);
  return AuthSessionSchema.parse(
    await api('/api/auth/passkeys/authentication', {
      method: 'POST',
      body: { response },
      checksCredentials: true,
    }),
  );
}

/** As signInWithPasskey, into an admin session. */
export async function signInAdminWithPasskey(challenge?: string): Promise<AdminLoginResponse> {
  const response = await passkeyAssertion('admin', challenge);
  return AdminLoginResponseSchema.parse(
    await api('/api/admin/auth/passkeys/authentication', {
      method: 'POST',
      body: { response },
      checksCredentials: true,
    }),
  );
}
