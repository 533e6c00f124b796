import { useMutation } from '@tanstack/react-query';
import { NfcTagSchema, type NfcTag, type SetNfcTagInput } from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { nfcTagPath, useInvalidateNfc } from './get-nfc-tag.ts';

/** POST /api/admin/artchip/:id/nfc-tag: a tag programmed elsewhere, with its keys (write-only). */
async function setNfcTag(chipId: number, input: SetNfcTagInput): Promise<NfcTag> {
  return NfcTagSchema.parse(await api(nfcTagPath(chipId), { method: 'POST', body: input }));
}

export function useSetNfcTag(chipId: number) {
  const invalidate = useInvalidateNfc(chipId);
  return useMutation({
    mutationFn: (input: SetNfcTagInput) => setNfcTag(chipId, input),
    onSuccess: invalidate,
  });
}
