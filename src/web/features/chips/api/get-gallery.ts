import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { GallerySchema, type Gallery } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/gallery/:username: one page of a creator's public chips, with their total count. */
async function getGallery(username: string, cursor?: string | null, signal?: AbortSignal): Promise<Gallery> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return GallerySchema.parse(
    await api(`${CHIP_API}/gallery/${encodeURIComponent(username)}${query}`, { signal }),
  );
}

function galleryQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: ['chips', 'gallery', username],
    queryFn: ({ pageParam, signal }) => getGallery(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A creator's gallery, page by page (newest first). */
export function useGallery(username: string) {
  return useInfiniteQuery(galleryQueryOptions(username));
}
