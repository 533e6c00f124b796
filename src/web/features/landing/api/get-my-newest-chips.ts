import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import { getGallery } from '#web/features/chips/api/get-gallery.ts';

/** How many of their chips the signed-in home shows. */
export const NEWEST_CHIPS_COUNT = 3;

const MyChipsSchema = z.union([z.array(ChipSchema), z.object({ items: z.array(ChipSchema) })]);

/**
 * The signed-in user's newest chips: GET /api/my-artchip (all their chips, pending ones too) when the
 * dashboard API answers; otherwise their public gallery.
 */
export async function getMyNewestChips(username: string): Promise<Chip[]> {
  let chips: Chip[];
  try {
    const parsed = MyChipsSchema.parse(await api(`/api/my-${BRAND.slug}`));
    chips = Array.isArray(parsed) ? parsed : parsed.items;
  } catch (err) {
    // Fall back only when the endpoint is missing or answers another shape; other errors surface.
    if (!(err instanceof z.ZodError) && !(err instanceof ApiRequestError && err.status === 404)) throw err;
    chips = (await getGallery(username)).items;
  }
  return [...chips]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, NEWEST_CHIPS_COUNT);
}

export function myNewestChipsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['chips', 'mine', 'newest', username],
    queryFn: () => getMyNewestChips(username),
  });
}

export function useMyNewestChips(username: string | undefined) {
  return useQuery({ ...myNewestChipsQueryOptions(username ?? ''), enabled: Boolean(username) });
}
