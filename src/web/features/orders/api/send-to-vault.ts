import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import {
  VaultIntakeEnvelopeSchema,
  VaultIntakeSchema,
  type VaultIntake,
} from '#shared/vault-intakes.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** GET /api/artchip/:id/send-to-vault: the owner's chip's latest trip to the vault, or null. Under ['chips']. */
function vaultIntakeQueryOptions(chipId: number) {
  return queryOptions({
    queryKey: ['chips', 'vault-intake', chipId],
    queryFn: async (): Promise<VaultIntake | null> =>
      VaultIntakeEnvelopeSchema.parse(await api(`${CHIP_API}/${chipId}/send-to-vault`)).intake,
  });
}

export function useVaultIntake(chipId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...vaultIntakeQueryOptions(chipId), enabled: options.enabled ?? true });
}

/** POST /api/artchip/:id/send-to-vault: the vault's address and the parcel's reference. */
async function sendToVault(id: number): Promise<VaultIntake> {
  return VaultIntakeSchema.parse(await api(`${CHIP_API}/${id}/send-to-vault`, { method: 'POST' }));
}

export function useSendToVault() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: sendToVault, onSuccess: invalidate });
}

/** DELETE /api/artchip/:id/send-to-vault: called back before it arrives. */
async function cancelSendToVault(id: number): Promise<VaultIntake> {
  return VaultIntakeSchema.parse(await api(`${CHIP_API}/${id}/send-to-vault`, { method: 'DELETE' }));
}

export function useCancelSendToVault() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: cancelSendToVault, onSuccess: invalidate });
}
