import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminLoginResponseSchema,
  AuthSessionSchema,
  MessageResponseSchema,
  type AdminLoginResponse,
  type AuthSession,
} from '#shared/auth.schemas.ts';
import {
  RecoveryCodesSchema,
  TotpSetupSchema,
  TwoFactorStatusSchema,
  type TwoFactorVerifyInput,
} from '#shared/two-factor.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * The calls of two-factor sign-in (decision 072). `area` picks the user's routes (/api/auth/2fa, on
 * the user session) or the admin's (/api/admin/auth/2fa, on the admin session and its cookie).
 */
export type TwoFactorArea = 'user' | 'admin';

const prefix = (area: TwoFactorArea) => (area === 'admin' ? '/api/admin/auth/2fa' : '/api/auth/2fa');
const statusKey = (area: TwoFactorArea) => ['two-factor', area] as const;

export function useTwoFactorStatus(area: TwoFactorArea) {
  return useQuery({
    queryKey: statusKey(area),
    queryFn: async () => TwoFactorStatusSchema.parse(await api(prefix(area))),
  });
}

export function useStartTotp(area: TwoFactorArea) {
  return useMutation({
    mutationFn: async () => TotpSetupSchema.parse(await api(`${prefix(area)}/totp`, { method: 'POST' })),
  });
}

export function useConfirmTotp(area: TwoFactorArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      RecoveryCodesSchema.parse(
        await api(`${prefix(area)}/totp/confirm`, { method: 'POST', body: { code } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey(area) }),
  });
}

export function useDisableTotp(area: TwoFactorArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (currentPassword: string) =>
      MessageResponseSchema.parse(
        await api(`${prefix(area)}/totp`, { method: 'DELETE', body: { currentPassword } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey(area) }),
  });
}

/** POST /api/auth/2fa/verify: the code completes a user's log-in. */
export async function verifyUserSecondFactor(input: TwoFactorVerifyInput): Promise<AuthSession> {
  return AuthSessionSchema.parse(
    await api('/api/auth/2fa/verify', { method: 'POST', body: input, checksCredentials: true }),
  );
}

/** POST /api/admin/auth/2fa/verify: the code completes an admin's log-in. */
export async function verifyAdminSecondFactor(input: TwoFactorVerifyInput): Promise<AdminLoginResponse> {
  return AdminLoginResponseSchema.parse(
    await api('/api/admin/auth/2fa/verify', { method: 'POST', body: input, checksCredentials: true }),
  );
}
