import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { TapResultSchema, type TapResult } from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /api/artchip/tap?<tap parameters>: verifies a SUN tap. The query is forwarded byte for byte (the MAC
 * covers the exact text the tag wrote), never rebuilt from parsed parameters. With the session: the chip's
 * owner tapping it gets the token that opens a handover from this tap (decision 038).
 */
async function verifyTap(rawQuery: string): Promise<TapResult> {
  return TapResultSchema.parse(await api(`${CHIP_API}/tap?${rawQuery}`));
}

function verifyTapQueryOptions(rawQuery: string) {
  return queryOptions({
    queryKey: ['nfc', 'tap', rawQuery],
    queryFn: () => verifyTap(rawQuery),
    // Verifying consumes the tap: a second request would answer 'repeated', so the first answer is kept for
    // the whole visit (no refetch on mount, focus or reconnect).
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    // Never read by the server renderer: a link preview fetching the page would use the tap up.
    meta: { ssr: false },
  });
}

export function useVerifyTap(rawQuery: string) {
  return useQuery(verifyTapQueryOptions(rawQuery));
}
