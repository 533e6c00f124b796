import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip, type ChipReportStatus } from '#shared/chips.schemas.ts';
import {
  HandoverEnvelopeSchema,
  StartHandoverResponseSchema,
  type Handover,
  type StartHandoverInput,
  type StartHandoverResponse,
} from '#shared/handovers.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** GET /api/artchip/:id/handover: the owner's chip's live handover, or null. Under ['chips'] like the chip. */
function liveHandoverQueryOptions(chipId: number) {
  return queryOptions({
    queryKey: ['chips', 'handover', chipId],
    queryFn: async (): Promise<Handover | null> =>
      HandoverEnvelopeSchema.parse(await api(`${CHIP_API}/${chipId}/handover`)).handover,
  });
}

export function useLiveHandover(chipId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...liveHandoverQueryOptions(chipId), enabled: options.enabled ?? true });
}

/** POST /api/artchip/:id/handover: opens a handover (the owner's fee paid now, or by whoever claims). */
async function startHandover(args: {
  id: number;
  input: StartHandoverInput;
}): Promise<StartHandoverResponse> {
  return StartHandoverResponseSchema.parse(
    await api(`${CHIP_API}/${args.id}/handover`, { method: 'POST', body: args.input }),
  );
}

export function useStartHandover() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: startHandover, onSuccess: invalidate });
}

/** DELETE /api/artchip/:id/handover */
async function cancelHandover(id: number): Promise<Handover | null> {
  return HandoverEnvelopeSchema.parse(await api(`${CHIP_API}/${id}/handover`, { method: 'DELETE' })).handover;
}

export function useCancelHandover() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: cancelHandover, onSuccess: invalidate });
}

/** POST /api/artchip/:id/report: lost, stolen, or 'none' to clear. */
async function reportArtchip(args: { id: number; status: ChipReportStatus }): Promise<Chip> {
  return ChipSchema.parse(
    await api(`${CHIP_API}/${args.id}/report`, { method: 'POST', body: { status: args.status } }),
  );
}

export function useReportArtchip() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: reportArtchip, onSuccess: invalidate });
}
