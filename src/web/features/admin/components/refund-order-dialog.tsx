import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { formatUsd } from '#shared/money.ts';
import type { AdminOrderDetail } from '#shared/orders.schemas.ts';
import { AdminRefundInputSchema, type AdminRefundInput, type RefundDto } from '#shared/refunds.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, FormAlert } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { PROVIDER_LABELS } from '../lib/money-labels.ts';

/**
 * Refunds a paid order: the admin writes the reason the buyer reads, confirms, and the server gives
 * the payment back through its provider. A refusal (409: no longer refundable) stays in the dialog,
 * and the order is refreshed so the page shows why.
 */
export function RefundOrderDialog({
  order,
  open,
  onClose,
  onRefunded,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onClose: () => void;
  onRefunded: (refund: RefundDto) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const amount = formatUsd(order.payment.totalCents);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isBusy && onClose()}
      title={`Refund order #${order.id}`}
      description={`${amount} goes back to ${order.username} through ${PROVIDER_LABELS[order.payment.provider]}. This cannot be undone.`}
    >
      {open && (
        <RefundForm
          order={order}
          amount={amount}
          onCancel={onClose}
          onRefunded={onRefunded}
          onBusyChange={setIsBusy}
        />
      )}
    </Dialog>
  );
}

function RefundForm({
  order,
  amount,
  onCancel,
  onRefunded,
  onBusyChange,
}: {
  order: AdminOrderDetail;
  amount: string;
  onCancel: () => void;
  onRefunded: (refund: RefundDto) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const client = useQueryClient();
  const refund = useRefundOrder();
  const form = useForm<AdminRefundInput>({
    resolver: zodResolver(AdminRefundInputSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    onBusyChange(true);
    try {
      onRefunded(await refund.mutateAsync({ id: order.id, input }));
    } catch (err) {
      applyServerErrors(form, err, { fallback: 'The refund failed. Please try again.' });
      // 409: the order moved on (refunded elsewhere, shipped); show its state now.
      if (err instanceof ApiRequestError && err.status === 409)
        void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <TextAreaField
        label="Reason (the buyer reads this)"
        hint="Say why the payment goes back, e.g. the chip could not be made."
        maxLength={500}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <FormAlert>{errors.root?.server?.message}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? 'Refunding...' : `Refund ${amount}`}
        </Button>
      </div>
    </form>
  );
}
