import { useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useConfirmReceived } from '../api/confirm-received.ts';

const CONFIRM_FAILED_MESSAGE = 'We could not record the delivery. Please try again.';

/**
 * "I received it" on a shipped purchase (decision 064): asks once more, then delivers the order. A
 * signed-in tap of the chip does the same, which the dialog says.
 */
export function ReceivedButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmReceived();
  const toast = useToast();
  const title = order.artchipTitle ?? `Order #${order.id}`;

  async function submit() {
    setError(null);
    try {
      await confirm.mutateAsync(order.id);
      setOpen(false);
      toast({ title: 'Delivered: thanks for confirming', description: `${title} is marked as received.` });
    } catch (err) {
      setError(errorMessage(err, CONFIRM_FAILED_MESSAGE));
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant="success" onClick={() => setOpen(true)}>
        I received it
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={`Did ${title} arrive?`}
        description={`Confirm only once the ${BRAND.name} is in your hands: the seller is paid after delivery. Tapping it with your phone while signed in confirms it too.`}
      >
        <div className="space-y-4">
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Not yet
            </Button>
            <Button
              type="button"
              variant="success"
              disabled={confirm.isPending}
              onClick={() => void submit()}
            >
              {confirm.isPending ? 'Confirming...' : 'Yes, I received it'}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
