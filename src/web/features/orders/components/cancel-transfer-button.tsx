import { useState } from 'react';
import type { Order } from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCancelTransfer } from '../api/cancel-transfer.ts';

const CANCEL_FAILED_MESSAGE = 'We could not cancel the transfer. Please try again.';

/**
 * "Cancel transfer" on an offline transfer whose fee is not paid (order.canCancelTransfer): asks once
 * more, then cancels it; the chip stays with its owner, and a payment arriving later is refunded.
 */
export function CancelTransferButton({ order }: { order: Order & { artchipId: number } }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelTransfer();
  const toast = useToast();
  const title = order.artchipTitle ?? `Order #${order.id}`;

  async function submit() {
    setError(null);
    try {
      await cancel.mutateAsync(order.artchipId);
      setOpen(false);
      toast({ title: 'Transfer cancelled', description: `${title} stays yours.` });
    } catch (err) {
      setError(errorMessage(err, CANCEL_FAILED_MESSAGE));
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Cancel transfer
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={`Cancel the transfer of ${title}?`}
        description={`${title} stays yours${order.transferTo ? ` and does not go to ${order.transferTo}` : ''}. If you already paid the fee and the payment is still on its way, it is refunded.`}
      >
        <div className="space-y-4">
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="button" variant="danger" disabled={cancel.isPending} onClick={() => void submit()}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel it'}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
