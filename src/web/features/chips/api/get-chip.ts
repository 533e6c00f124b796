import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/:username/:slug: one chip by its creator and slug. */
async function getChip(username: string, slug: string): Promise<Chip> {
  return ChipSchema.parse(
    await api(`${CHIP_API}/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`),
  );
}

function chipQueryOptions(username: string, slug: string) {
  return queryOptions({
    queryKey: ['chips', 'detail', username, slug],
    queryFn: () => getChip(username, slug),
  });
}

export function useChip(username: string, slug: string) {
  return useQuery(chipQueryOptions(username, slug));
}
