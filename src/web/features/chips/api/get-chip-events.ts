import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CHIP_API } from '#shared/brand.ts';
import { ChipEventSchema, type ChipEvent } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/:id/events: the chip's provenance. */
async function getChipEvents(chipId: number): Promise<ChipEvent[]> {
  return z.array(ChipEventSchema).parse(await api(`${CHIP_API}/${chipId}/events`));
}

function chipEventsQueryOptions(chipId: number) {
  return queryOptions({
    queryKey: ['chips', 'events', chipId],
    queryFn: () => getChipEvents(chipId),
  });
}

export function useChipEvents(chipId: number | undefined) {
  return useQuery({
    ...chipEventsQueryOptions(chipId ?? 0),
    enabled: chipId !== undefined,
  });
}
