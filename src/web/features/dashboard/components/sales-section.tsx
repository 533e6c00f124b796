import { DELIVERY_CONFIRMATION_LABELS, type Sale } from '#shared/orders.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Table, TD } from '#web/components/ui/table.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useMySales } from '../api/get-my-sales.ts';
import { useSellerCases } from '../api/seller-cases.ts';
import { SaleCase } from './sale-case.tsx';

/** Where a sale stands, and for a delivered one how delivery was confirmed (decision 064). */
function saleStateLabel(sale: Sale): string {
  if (sale.shippingOption === 'store' && sale.status === 'completed') return 'Kept in the vault';
  if (sale.status === 'delivered') {
    const how = sale.deliveredBy ? `, ${DELIVERY_CONFIRMATION_LABELS[sale.deliveredBy]}` : '';
    return `Delivered${sale.deliveredAt ? ` ${formatDate(sale.deliveredAt)}` : ''}${how}`;
  }
  if (sale.status === 'shipped') return 'Shipped, waiting for the buyer to confirm';
  if (sale.status === 'cancelled') return 'Cancelled';
  return 'Waiting to ship';
}

/** The seller's sales: what sold, for how much, and where each stands. */
export function SalesSection() {
  const sales = useMySales();
  const cases = useSellerCases();
  const casesOf = (orderId: number) => cases.data?.asSeller.filter((c) => c.orderId === orderId) ?? [];
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-gray-900">Sales</h4>
      {sales.isPending && <p className="text-sm text-gray-700">Loading your sales...</p>}
      {sales.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your sales. Please try again.
        </p>
      )}
      {sales.data?.length === 0 && <p className="text-sm text-gray-700">No sales yet.</p>}
      {sales.data && sales.data.length > 0 && (
        <Table caption="Sales" columns={['Date', 'Artchip', 'Price', 'Delivery']}>
          <tbody className="divide-y divide-gray-100 bg-white">
            {sales.data.map((sale) => (
              <tr key={sale.id}>
                <td className={cn(TD, 'whitespace-nowrap')}>{sale.paidAt ? formatDate(sale.paidAt) : '—'}</td>
                <td className={TD}>{sale.artchipTitle ?? `Order #${sale.id}`}</td>
                <td className={cn(TD, 'whitespace-nowrap')}>{formatUsd(sale.priceCents)}</td>
                <td className={TD}>
                  {saleStateLabel(sale)}
                  {casesOf(sale.id).map((report) => (
                    <SaleCase key={report.id} report={report} />
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
