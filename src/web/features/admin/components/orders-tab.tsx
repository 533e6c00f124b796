import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import { ORDER_STATUSES, type AdminOrder } from '#shared/orders.schemas.ts';
import { addressLabelLines } from '#shared/address-format.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useOrders, type OrderFilter } from '../api/list-orders.ts';
import { adminOrderPath } from '../lib/admin-routes.ts';
import { AdminTable, ListState, LoadMore, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderStatusBadge, PaymentStatusBadge, capitalize } from './order-badges.tsx';

/** What a row is about: the mint's title, else its chip's, else the chip's number. */
function itemTitle(o: AdminOrder): string {
  return o.mintTitle ?? o.chipTitle ?? (o.artchipId ? `${BRAND.name} #${o.artchipId}` : '—');
}

/** Orders: minting orders (and purchases) with the spec §4 actions. */
export function OrdersTab() {
  const [filter, setFilter] = useState<OrderFilter>({ type: 'mint', status: '' });
  const query = useOrders(filter);
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Orders</h2>
      <div className="flex flex-wrap gap-3">
        <SelectField
          label="Order type"
          value={filter.type}
          onChange={(e) => setFilter((f) => ({ ...f, type: e.target.value as OrderFilter['type'] }))}
        >
          <option value="mint">Minting orders</option>
          <option value="purchase">Purchases</option>
          <option value="shipping">Shipping requests</option>
          <option value="transfer">Transfers</option>
          <option value="all">All orders</option>
        </SelectField>
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value }))}
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </SelectField>
      </div>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch orders"
        isEmpty={orders.length === 0}
        emptyText="No orders found."
      >
        <AdminTable caption="Orders">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Order</th>
              <th className={TH}>Item</th>
              <th className={TH}>Customer</th>
              <th className={TH}>Status</th>
              <th className={TH}>Payment</th>
              <th className={TH}>Total</th>
              <th className={TH}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {orders.map((o) => (
              <tr key={o.id} data-testid={`order-${o.id}`}>
                <td className={TD}>
                  <Link
                    to={adminOrderPath(o.id)}
                    aria-label={`Open order #${o.id}`}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    #{o.id}
                  </Link>
                  <div className="text-xs text-gray-700 capitalize">
                    {o.orderType}
                    {o.isSurprize ? ' · surprize' : ''}
                  </div>
                  <div className="text-xs text-gray-700">{formatDateTime(o.createdAt)}</div>
                </td>
                <td className={TD}>
                  <div className="flex items-start gap-2">
                    {(o.chipImageUrl ?? o.originalImageUrl) && (
                      <img
                        src={(o.chipImageUrl ?? o.originalImageUrl)!}
                        alt={itemTitle(o)}
                        width={40}
                        height={40}
                        className="h-10 w-10 rounded object-cover"
                        loading="lazy"
                      />
                    )}
                    <div>
                      <div className="font-medium">{itemTitle(o)}</div>
                      {o.artchipId !== null && (
                        <div className="text-xs text-gray-700">
                          {BRAND.name} #{o.artchipId}
                        </div>
                      )}
                      {o.shippingOption === 'ship' && o.shippingAddress && (
                        <div className="mt-1 max-w-xs text-xs text-gray-700">
                          <span className="font-medium text-gray-800">Ship to: </span>
                          {addressLabelLines(o.shippingAddress).join(', ')}
                        </div>
                      )}
                      {o.mintDescription && (
                        <div className="max-w-xs text-xs text-gray-700">{o.mintDescription}</div>
                      )}
                      {o.mintAssociatedUrl && (
                        <a
                          href={o.mintAssociatedUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-xs text-brand-700 underline"
                        >
                          Associated link
                        </a>
                      )}
                      {o.mediaState && (
                        <div className="mt-1">
                          <Badge tone={o.mediaState === 'Needs Media' ? 'yellow' : 'green'}>
                            {o.mediaState}
                          </Badge>
                        </div>
                      )}
                    </div>
                  </div>
                </td>
                <td className={TD}>
                  <div>{o.username}</div>
                  <div className="text-xs text-gray-700">{o.email}</div>
                </td>
                <td className={TD}>
                  <OrderStatusBadge status={o.orderStatus} />
                  {o.trackingNumber && (
                    <div className="mt-1 text-xs text-gray-700">
                      {o.carrier} {o.trackingNumber}
                    </div>
                  )}
                </td>
                <td className={TD}>
                  <PaymentStatusBadge status={o.paymentStatus} />
                </td>
                <td className={TD}>{formatUsd(o.totalCents)}</td>
                <td className={TD}>
                  <OrderActions order={o} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
    </div>
  );
}
