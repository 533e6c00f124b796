import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import {
  ClaimPreviewSchema,
  ClaimResponseSchema,
  type ClaimInput,
  type ClaimPreview,
  type ClaimResponse,
} from '#shared/handovers.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { MY_ARTCHIP_QUERY_KEY } from '#web/lib/api/list-my-artchip.ts';

/** POST /api/artchip/claim: the signed-in holder claims the chip with a fresh tap's token. */
async function claimChip(input: ClaimInput): Promise<ClaimResponse> {
  return ClaimResponseSchema.parse(await api(`${CHIP_API}/claim`, { method: 'POST', body: input }));
}

export function useClaimChip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimChip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_ARTCHIP_QUERY_KEY }),
  });
}

/** GET /api/artchip/claim?token=…: what claiming with this tap costs, before committing. */
async function getClaimPreview(token: string): Promise<ClaimPreview> {
  return ClaimPreviewSchema.parse(await api(`${CHIP_API}/claim?${new URLSearchParams({ token })}`));
}

export function useClaimPreview(token: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['claim-preview', token],
    queryFn: () => getClaimPreview(token),
    enabled: options.enabled && token !== '',
    retry: false,
    staleTime: 30_000,
  });
}
