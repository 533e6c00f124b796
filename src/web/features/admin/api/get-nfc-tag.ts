import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { NfcTagEnvelopeSchema, type NfcTag } from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** `/api/admin/artchip/:id/nfc-tag`, the base of every NFC admin call for one chip. */
export const nfcTagPath = (chipId: number) => `/api/admin/${BRAND.slug}/${chipId}/nfc-tag`;

/** GET /api/admin/artchip/:id/nfc-tag: the chip's active tag (never its keys), or null. */
async function getNfcTag(chipId: number): Promise<NfcTag | null> {
  return NfcTagEnvelopeSchema.parse(await api(nfcTagPath(chipId))).tag;
}

function nfcTagQueryOptions(chipId: number) {
  return queryOptions({ queryKey: ['admin', 'nfc', chipId, 'tag'], queryFn: () => getNfcTag(chipId) });
}

export function useNfcTag(chipId: number) {
  return useQuery(nfcTagQueryOptions(chipId));
}

/** Refreshes the chip's tag and tap history after an NFC change. */
export function useInvalidateNfc(chipId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'nfc', chipId] });
}
