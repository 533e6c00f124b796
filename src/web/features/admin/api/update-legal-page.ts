import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LegalPageSchema,
  type LegalPage,
  type LegalPageKey,
  type UpdateLegalPageInput,
} from '#shared/legal.schemas.ts';

/** PUT /api/admin/legal/:page. */
async function updateLegalPage(page: LegalPageKey, input: UpdateLegalPageInput): Promise<LegalPage> {
  return LegalPageSchema.parse(await api(`/api/admin/legal/${page}`, { method: 'PUT', body: input }));
}

export function useUpdateLegalPage(page: LegalPageKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLegalPageInput) => updateLegalPage(page, input),
    // The public page's query (lib/api/get-legal-page.ts) shows the new text at once.
    onSuccess: (saved) => client.setQueryData(['legal', page], saved),
  });
}
