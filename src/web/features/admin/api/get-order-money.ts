import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOrderMoneySchema, type AdminOrderMoney } from '#shared/ledger.schemas.ts';

/** GET /api/admin/orders/:id/money: the order's ledger lines, its refunds and the cash it still holds. */
async function getOrderMoney(id: number): Promise<AdminOrderMoney> {
  return AdminOrderMoneySchema.parse(await api(`/api/admin/orders/${id}/money`));
}

// Under ['admin', 'orders'], so every order mutation (refund, status) refreshes it with the order.
const orderMoneyQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'orders', 'money', id], queryFn: () => getOrderMoney(id) });

export function useOrderMoney(id: number) {
  return useQuery(orderMoneyQueryOptions(id));
}
