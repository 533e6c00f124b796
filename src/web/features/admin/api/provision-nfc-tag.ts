import { useMutation } from '@tanstack/react-query';
import {
  NfcProvisioningSchema,
  type NfcProvisioning,
  type ProvisionNfcTagInput,
} from '#shared/nfc.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { nfcTagPath, useInvalidateNfc } from './get-nfc-tag.ts';

/** POST /api/admin/artchip/:id/nfc-tag/provision: diversified keys; answers what to write to the tag. */
async function provisionNfcTag(chipId: number, input: ProvisionNfcTagInput): Promise<NfcProvisioning> {
  return NfcProvisioningSchema.parse(
    await api(`${nfcTagPath(chipId)}/provision`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useProvisionNfcTag(chipId: number) {
  const invalidate = useInvalidateNfc(chipId);
  return useMutation({
    mutationFn: (input: ProvisionNfcTagInput) => provisionNfcTag(chipId, input),
    onSuccess: invalidate,
  });
}
