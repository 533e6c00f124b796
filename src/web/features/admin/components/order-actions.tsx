import { useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { AdminOrder } from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { ShipOrderDialog } from './fulfilment-dialog.tsx';
import { OrderMediaDialog } from './order-media-dialog.tsx';

type Move = 'processing' | 'completed' | 'delivered';
type OpenDialog = 'create' | 'media' | 'ship' | null;

/**
 * True when the order's state allows any action this component shows. Refund is not one of them: it
 * lives in the order page's Money section, next to the money it gives back.
 */
export function hasOrderActions(order: Pick<AdminOrder, 'actions'>): boolean {
  return Object.entries(order.actions).some(([action, isAllowed]) => action !== 'refund' && isAllowed);
}

/**
 * The admin's moves on one order, each shown exactly when the server's order.actions allows it:
 * Mark Processing, Create Artchip, Upload Media, Mark Completed, Mark Shipped (carrier and tracking)
 * and Mark Delivered. Buttons are named after the order, so a list of orders reads clearly.
 */
export function OrderActions({ order, layout = 'column' }: { order: AdminOrder; layout?: 'column' | 'row' }) {
  const toast = useToast();
  const update = useUpdateOrderStatus();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { actions } = order;
  const label = (action: string) => `${action} for order ${order.id}`;

  const move = async (status: Move) => {
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
    <div className={cn(layout === 'row' ? 'flex flex-wrap gap-2' : 'flex flex-col items-start gap-1')}>
      {actions.markProcessing && (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => void move('processing')}
          aria-label={label('Mark Processing')}
        >
          Mark Processing
        </Button>
      )}
      {actions.createArtchip && (
        <Button size="sm" onClick={() => setDialog('create')} aria-label={label(`Create ${BRAND.name}`)}>
          Create {BRAND.name}
        </Button>
      )}
      {actions.uploadMedia && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog('media')}
          aria-label={label('Upload Media')}
        >
          Upload Media
        </Button>
      )}
      {actions.markCompleted && (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => void move('completed')}
          aria-label={label('Mark Completed')}
        >
          Mark Completed
        </Button>
      )}
      {actions.markShipped && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog('ship')}
          aria-label={label('Mark Shipped')}
        >
          Mark Shipped
        </Button>
      )}
      {actions.markDelivered && (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => void move('delivered')}
          aria-label={label('Mark Delivered')}
        >
          Mark Delivered
        </Button>
      )}
      {(dialog === 'create' || dialog === 'media') && (
        <OrderMediaDialog order={order} mode={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'ship' && <ShipOrderDialog order={order} onClose={() => setDialog(null)} />}
    </div>
  );
}
