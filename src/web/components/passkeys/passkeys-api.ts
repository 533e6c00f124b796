import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthSessionSchema, MessageResponseSchema, type AuthSession } from '#shared/auth.schemas.ts';
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

const listKey = ['passkeys'] as const;

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

export function usePasskeys() {
  return useQuery({
    queryKey: listKey,
    queryFn: async () => PasskeyListSchema.parse(await api('/api/auth/passkeys')).passkeys,
  });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const { options } = PasskeyOptionsSchema.parse(
        await api('/api/auth/passkeys/registration/options', { method: 'POST' }),
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
        await api('/api/auth/passkeys/registration', {
          method: 'POST',
          body: { response, ...(name && { name }) },
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, proof }: { id: number; proof: PasskeyRemoveInput }) =>
      MessageResponseSchema.parse(await api(`/api/auth/passkeys/${id}`, { method: 'DELETE', body: proof })),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Signs in with a passkey the browser holds for this site. `challenge`: the second step of a password
 * log-in, to offer only that account's passkeys.
 */
export async function signInWithPasskey(challenge?: string): Promise<AuthSession> {
  const { options } = PasskeyOptionsSchema.parse(
    await api('/api/auth/passkeys/authentication/options', {
      method: 'POST',
      body: challenge ? { challenge } : {},
      checksCredentials: true,
    }),
  );
  const { startAuthentication } = await webauthn();
  const response = await inBrowser(
    () =>
      startAuthentication({
        optionsJSON: options,
      }),
    'No passkey was used: the request was cancelled or timed out.',
  );
  return AuthSessionSchema.parse(
    await api('/api/auth/passkeys/authentication', {
      method: 'POST',
      body: { response },
      checksCredentials: true,
    }),
  );
}
