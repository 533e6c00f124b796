import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  UpdateOrderStatusInputSchema,
  type AdminOrder,
  type UpdateOrderStatusInput,
} from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';

/** Marks an order shipped with the carrier and tracking number (spec §4 fulfilment). */
export function ShipOrderDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateOrderStatus();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UpdateOrderStatusInput>({
    resolver: zodResolver(UpdateOrderStatusInputSchema),
    defaultValues: { status: 'shipped', carrier: '', trackingNumber: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (input) => {
    if (!order) return;
    try {
      await update.mutateAsync({ id: order.id, input });
      toast({ title: 'Order Shipped', description: `Order #${order.id} was marked shipped.` });
      close();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update order'),
        variant: 'destructive',
      });
    }
  });
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && close()} title="Mark Shipped">
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
        <input type="hidden" {...register('status')} />
        <TextField label="Carrier" error={errors.carrier?.message} {...register('carrier')} />
        <TextField
          label="Tracking number"
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Mark Shipped'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
