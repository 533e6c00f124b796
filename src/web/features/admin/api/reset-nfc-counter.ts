import { useMutation } from '@tanstack/react-query';
import { NfcTagSchema, type NfcTag } from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { nfcTagPath, useInvalidateNfc } from './get-nfc-tag.ts';

/** POST /api/admin/artchip/:id/nfc-tag/reset-counter: after re-programming (the tag counts from 0 again). */
async function resetNfcCounter(chipId: number): Promise<NfcTag> {
  return NfcTagSchema.parse(await api(`${nfcTagPath(chipId)}/reset-counter`, { method: 'POST' }));
}

export function useResetNfcCounter(chipId: number) {
  const invalidate = useInvalidateNfc(chipId);
  return useMutation({ mutationFn: () => resetNfcCounter(chipId), onSuccess: invalidate });
}
