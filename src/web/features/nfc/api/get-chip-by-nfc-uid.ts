import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipSchema, type Chip } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/by-uid/:uid: the chip whose NFC tag has this UID (legacy `/?UID=` links). */
async function getChipByNfcUid(nfcUid: string): Promise<Chip> {
  return ChipSchema.parse(await api(`${CHIP_API}/by-uid/${encodeURIComponent(nfcUid)}`));
}

function chipByNfcUidQueryOptions(nfcUid: string) {
  return queryOptions({
    queryKey: ['chips', 'nfc-uid', nfcUid],
    queryFn: () => getChipByNfcUid(nfcUid),
  });
}

export function useChipByNfcUid(nfcUid: string) {
  return useQuery({ ...chipByNfcUidQueryOptions(nfcUid), enabled: nfcUid !== '' });
}
