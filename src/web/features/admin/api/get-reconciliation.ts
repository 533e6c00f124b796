import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReconciliationSchema, type Reconciliation } from '#shared/ledger.schemas.ts';

/** GET /api/admin/ledger/reconciliation: the ledger's invariants, checked now. */
async function getReconciliation(): Promise<Reconciliation> {
  return ReconciliationSchema.parse(await api('/api/admin/ledger/reconciliation'));
}

const reconciliationQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'ledger', 'reconciliation'], queryFn: getReconciliation });

export function useReconciliation() {
  return useQuery(reconciliationQueryOptions());
}
