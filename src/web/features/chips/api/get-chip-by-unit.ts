import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/unit/:uid: one chip by its 14-digit unit ID (404 'Artchip not found'). */
async function getChipByUnit(unitId: string): Promise<Chip> {
  return ChipSchema.parse(await api(`${CHIP_API}/unit/${encodeURIComponent(unitId)}`));
}

function chipByUnitQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: ['chips', 'unit', unitId],
    queryFn: () => getChipByUnit(unitId),
  });
}

export function useChipByUnit(unitId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...chipByUnitQueryOptions(unitId), enabled: options.enabled ?? true });
}
