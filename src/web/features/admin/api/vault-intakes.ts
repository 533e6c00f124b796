import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { BRAND } from '#shared/brand.ts';
import {
  AdminVaultIntakeSchema,
  VaultIntakeSchema,
  type VaultIntakeInput,
} from '#shared/vault-intakes.schemas.ts';
import { api } from '#web/lib/api-client.ts';

const VAULT_INTAKES_KEY = ['admin', 'vault-intakes'] as const;

/** GET /api/admin/vault-intakes: parcels on their way in or being checked, oldest first. */
const vaultIntakesQueryOptions = () =>
  queryOptions({
    queryKey: VAULT_INTAKES_KEY,
    queryFn: async () =>
      z.object({ items: z.array(AdminVaultIntakeSchema) }).parse(await api('/api/admin/vault-intakes')).items,
  });

export function useVaultIntakes() {
  return useQuery(vaultIntakesQueryOptions());
}

function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: VAULT_INTAKES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'chips'] }),
    ]);
}

/** POST /api/admin/artchip/:id/intake/received: the parcel is in. */
export function useMarkIntakeReceived() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: async (chipId: number) =>
      VaultIntakeSchema.parse(
        await api(`/api/admin/${BRAND.slug}/${chipId}/intake/received`, { method: 'POST' }),
      ),
    onSuccess: refresh,
  });
}

/** POST /api/admin/artchip/:id/intake: check in with a tap, or refuse with a reason. */
export function useIntakeChip() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: async (args: { chipId: number; input: VaultIntakeInput }) =>
      VaultIntakeSchema.parse(
        await api(`/api/admin/${BRAND.slug}/${args.chipId}/intake`, { method: 'POST', body: args.input }),
      ),
    onSuccess: refresh,
  });
}
