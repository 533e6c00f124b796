import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/users.schemas.ts';
import { api, ApiRequestError } from './api-client.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

type AuthState = {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Stores a session token (log-in, verification, set-password) and loads the user. */
  signIn: (token: string) => Promise<void>;
  /** Revokes the session on the server, then forgets it here. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
export const AUTH_USER_QUERY_KEY = ['auth', 'user'] as const;

async function fetchCurrentUser(): Promise<User | null> {
  if (!readStorage(STORAGE_KEYS.authToken)) return null;
  try {
    const answer = await api('/api/auth/user');
    // The schema (and zod) load only for a signed-in visitor, keeping them out of every page's first script.
    const { UserSchema } = await import('#shared/users.schemas.ts');
    return UserSchema.parse(answer);
  } catch (err) {
    // Spec §4: a failed current-user fetch drops the stored token and the user is logged out.
    if (!(err instanceof ApiRequestError) || err.status === 401 || err.status === 403) {
      writeStorage(STORAGE_KEYS.authToken, null);
    }
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: AUTH_USER_QUERY_KEY, queryFn: fetchCurrentUser, staleTime: 60_000 });

  const signIn = useCallback(
    async (token: string) => {
      writeStorage(STORAGE_KEYS.authToken, token);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      await queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // the token is dropped locally whatever the server says
    }
    writeStorage(STORAGE_KEYS.authToken, null);
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
