import { BRAND } from '#shared/brand.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { ConfirmButton } from '#web/components/confirm-button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useConfirmReceived } from '../api/confirm-received.ts';

/**
 * "I received it" on a shipped purchase (decision 064): asks once more, then delivers the order. A
 * signed-in tap of the chip does the same, which the dialog says.
 */
export function ReceivedButton({ order }: { order: Order }) {
  const confirm = useConfirmReceived();
  const toast = useToast();
  const title = order.artchipTitle ?? `Order #${order.id}`;
  return (
    <ConfirmButton
      label="I received it"
      variant="success"
      title={`Did ${title} arrive?`}
      description={`Confirm only once the ${BRAND.name} is in your hands: the seller is paid after delivery. Tapping it with your phone while signed in confirms it too.`}
      cancelLabel="Not yet"
      confirmLabel="Yes, I received it"
      pendingLabel="Confirming..."
      isPending={confirm.isPending}
      failedMessage="We could not record the delivery. Please try again."
      onConfirm={async () => {
        await confirm.mutateAsync(order.id);
        toast({ title: 'Delivered: thanks for confirming', description: `${title} is marked as received.` });
      }}
    />
  );
}
