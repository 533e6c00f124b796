import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/users.schemas.ts';
import { api, ApiRequestError } from './api-client.ts';
import { endSession, onSessionEnded } from './session-end.ts';
import { clearSessionMarker, hasSessionMarker } from './session-marker.ts';
import { dropLegacySessionTokens } from './storage.ts';

type AuthState = {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * Loads the user after a call that opened a session (log-in, verification, set-password): the
   * server set the session cookie; the token in its answer is for API clients and is not kept.
   */
  signIn: () => Promise<void>;
  /** Revokes the session on the server, then forgets it here. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
export const AUTH_USER_QUERY_KEY = ['auth', 'user'] as const;

export async function fetchCurrentUser(): Promise<User | null> {
  dropLegacySessionTokens();
  if (!hasSessionMarker()) return null;
  try {
    const answer = await api('/api/auth/user');
    // The schema (and zod) load only for a signed-in visitor, keeping them out of every page's first script.
    const { UserSchema } = await import('#shared/users.schemas.ts');
    return UserSchema.parse(answer);
  } catch (err) {
    // Spec §4: a failed current-user fetch logs the user out of this page. Only the server's answer
    // that the session is gone forgets it for good (the server clears the dead cookie; a 401's marker
    // is dropped by the API client, a 403's here): a request cut short by leaving the page, or a
    // network error, must not sign the user out of the next page too.
    if (err instanceof ApiRequestError && err.status === 403) clearSessionMarker();
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: AUTH_USER_QUERY_KEY, queryFn: fetchCurrentUser, staleTime: 60_000 });

  // Any call that finds the session gone (a 401, api-client.ts) signs this page out: the header offers
  // log-in again, and pages that need a user send the visitor to /login?next=here.
  useEffect(
    () =>
      onSessionEnded('user', () => {
        // A read of the user still under way began before the session ended: its answer is stale.
        void queryClient.cancelQueries({ queryKey: AUTH_USER_QUERY_KEY });
        queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
      }),
    [queryClient],
  );

  const signIn = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    await queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // signed out here whatever the server says
    }
    endSession('user');
    queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      user: query.data ?? null,
      isLoading: query.isPending,
      isAuthenticated: Boolean(query.data),
      signIn,
      signOut,
    }),
    [query.data, query.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
