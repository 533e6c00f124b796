import type { Order } from '#shared/orders.schemas.ts';
import { ConfirmButton } from '#web/components/confirm-button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useCancelTransfer } from '../api/cancel-transfer.ts';

/**
 * "Cancel transfer" on an offline transfer whose fee is not paid (order.canCancelTransfer): asks once
 * more, then cancels it; the chip stays with its owner, and a payment arriving later is refunded.
 */
export function CancelTransferButton({ order }: { order: Order & { artchipId: number } }) {
  const cancel = useCancelTransfer();
  const toast = useToast();
  const title = order.artchipTitle ?? `Order #${order.id}`;
  return (
    <ConfirmButton
      label="Cancel transfer"
      variant="secondary"
      confirmVariant="danger"
      title={`Cancel the transfer of ${title}?`}
      description={`${title} stays yours${order.transferTo ? ` and does not go to ${order.transferTo}` : ''}. If you already paid the fee and the payment is still on its way, it is refunded.`}
      cancelLabel="Keep it"
      confirmLabel="Yes, cancel it"
      pendingLabel="Cancelling..."
      isPending={cancel.isPending}
      failedMessage="We could not cancel the transfer. Please try again."
      onConfirm={async () => {
        await cancel.mutateAsync(order.artchipId);
        toast({ title: 'Transfer cancelled', description: `${title} stays yours.` });
      }}
    />
  );
}
