import { useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import type { AdminOrder } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useOrders, type OrderFilter } from '../api/list-orders.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { AdminTable, ListState, LoadMore, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';
import { OrderMediaDialog } from './order-media-dialog.tsx';
import { ShipOrderDialog } from './fulfilment-dialog.tsx';

const STATUS_TONES = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  shipped: 'brand',
  cancelled: 'gray',
} as const;
const PAYMENT_TONES = { pending: 'yellow', processing: 'blue', completed: 'green', failed: 'red' } as const;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Orders: minting orders (and purchases) with the spec §4 actions. */
export function OrdersTab() {
  const [filter, setFilter] = useState<OrderFilter>({ type: 'mint', status: '' });
  const query = useOrders(filter);
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];
  const update = useUpdateOrderStatus();
  const toast = useToast();
  const [mediaDialog, setMediaDialog] = useState<{ order: AdminOrder; mode: 'create' | 'media' } | null>(
    null,
  );
  const [shipOrder, setShipOrder] = useState<AdminOrder | null>(null);

  const move = async (order: AdminOrder, status: 'processing' | 'completed') => {
    try {
      await update.mutateAsync({ id: order.id, input: { status } });
      toast({ title: 'Order Updated', description: `Order #${order.id} is now ${status}.` });
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update order'),
        variant: 'destructive',
      });
    }
  };

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
          <option value="all">All orders</option>
        </SelectField>
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value }))}
        >
          <option value="">Any status</option>
          {['pending', 'processing', 'completed', 'shipped', 'cancelled'].map((s) => (
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
                  <div className="font-medium">#{o.id}</div>
                  <div className="text-xs text-gray-700 capitalize">
                    {o.orderType}
                    {o.isSurprize ? ' · surprize' : ''}
                  </div>
                  <div className="text-xs text-gray-700">{formatDateTime(o.createdAt)}</div>
                </td>
                <td className={TD}>
                  <div className="flex items-start gap-2">
                    {o.originalImageUrl && (
                      <img
                        src={o.originalImageUrl}
                        alt={o.mintTitle ?? `Order ${o.id}`}
                        width={40}
                        height={40}
                        className="h-10 w-10 rounded object-cover"
                        loading="lazy"
                      />
                    )}
                    <div>
                      <div className="font-medium">
                        {o.mintTitle ?? (o.artchipId ? `${BRAND.name} #${o.artchipId}` : '—')}
                      </div>
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
                  <Badge tone={STATUS_TONES[o.orderStatus]}>{capitalize(o.orderStatus)}</Badge>
                  {o.trackingNumber && (
                    <div className="mt-1 text-xs text-gray-700">
                      {o.carrier} {o.trackingNumber}
                    </div>
                  )}
                </td>
                <td className={TD}>
                  <Badge tone={PAYMENT_TONES[o.paymentStatus]}>{capitalize(o.paymentStatus)}</Badge>
                </td>
                <td className={TD}>{formatUsd(o.totalCents)}</td>
                <td className={`${TD} space-y-1`}>
                  <OrderActions
                    order={o}
                    busy={update.isPending}
                    onMarkProcessing={() => void move(o, 'processing')}
                    onMarkCompleted={() => void move(o, 'completed')}
                    onShip={() => setShipOrder(o)}
                    onCreate={() => setMediaDialog({ order: o, mode: 'create' })}
                    onUploadMedia={() => setMediaDialog({ order: o, mode: 'media' })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
      <OrderMediaDialog
        key={mediaDialog ? `${mediaDialog.order.id}-${mediaDialog.mode}` : 'none'}
        order={mediaDialog?.order ?? null}
        mode={mediaDialog?.mode ?? 'create'}
        onClose={() => setMediaDialog(null)}
      />
      <ShipOrderDialog order={shipOrder} onClose={() => setShipOrder(null)} />
    </div>
  );
}

function OrderActions(props: {
  order: AdminOrder;
  busy: boolean;
  onMarkProcessing: () => void;
  onMarkCompleted: () => void;
  onShip: () => void;
  onCreate: () => void;
  onUploadMedia: () => void;
}) {
  const { order: o } = props;
  const paid = o.paymentStatus === 'completed';
  const label = (action: string) => `${action} for order ${o.id}`;
  return (
    <div className="flex flex-col items-start gap-1">
      {paid && o.orderStatus === 'pending' && (
        <Button
          size="sm"
          variant="secondary"
          disabled={props.busy}
          onClick={props.onMarkProcessing}
          aria-label={label('Mark Processing')}
        >
          Mark Processing
        </Button>
      )}
      {o.canCreateArtchip && (
        <Button size="sm" onClick={props.onCreate} aria-label={label(`Create ${BRAND.name}`)}>
          Create {BRAND.name}
        </Button>
      )}
      {o.canCreateArtchip && o.isSurprize && (
        <Button
          size="sm"
          variant="secondary"
          onClick={props.onUploadMedia}
          aria-label={label('Upload Media')}
        >
          Upload Media
        </Button>
      )}
      {paid && o.orderType !== 'mint' && ['pending', 'processing'].includes(o.orderStatus) && (
        <Button
          size="sm"
          variant="secondary"
          disabled={props.busy}
          onClick={props.onMarkCompleted}
          aria-label={label('Mark Completed')}
        >
          Mark Completed
        </Button>
      )}
      {paid && o.shippingOption === 'ship' && ['processing', 'completed'].includes(o.orderStatus) && (
        <Button size="sm" variant="secondary" onClick={props.onShip} aria-label={label('Mark Shipped')}>
          Mark Shipped
        </Button>
      )}
    </div>
  );
}
