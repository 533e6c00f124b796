import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/featured: the chips the landing page shows. */
async function getFeaturedChips(): Promise<Chip[]> {
  return z.array(ChipSchema).parse(await api(`${CHIP_API}/featured`));
}

const featuredChipsQueryOptions = queryOptions({
  queryKey: ['chips', 'featured'],
  queryFn: getFeaturedChips,
});

export function useFeaturedChips() {
  return useQuery(featuredChipsQueryOptions);
}
