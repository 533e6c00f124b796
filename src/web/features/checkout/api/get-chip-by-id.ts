import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/:id: the chip a payment page summarises. */
async function getChipById(id: number): Promise<Chip> {
  return ChipSchema.parse(await api(`${CHIP_API}/${id}`));
}

function chipByIdQueryOptions(id: number) {
  return queryOptions({ queryKey: ['chips', 'by-id', id], queryFn: () => getChipById(id) });
}

export function useChipById(id: number | null) {
  return useQuery({ ...chipByIdQueryOptions(id ?? 0), enabled: id !== null });
}
