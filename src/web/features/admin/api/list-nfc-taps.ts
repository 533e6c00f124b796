import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { NfcTapListSchema, type NfcTap } from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/admin/artchip/:id/taps: the chip's recorded taps, newest first. */
async function listNfcTaps(chipId: number): Promise<NfcTap[]> {
  return NfcTapListSchema.parse(await api(`/api/admin/${BRAND.slug}/${chipId}/taps`)).items;
}

function nfcTapsQueryOptions(chipId: number) {
  return queryOptions({ queryKey: ['admin', 'nfc', chipId, 'taps'], queryFn: () => listNfcTaps(chipId) });
}

export function useNfcTaps(chipId: number) {
  return useQuery(nfcTapsQueryOptions(chipId));
}
