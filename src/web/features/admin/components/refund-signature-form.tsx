import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RefundSignatureInputSchema,
  type RefundDto,
  type RefundSignatureInput,
} from '#shared/refunds.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField, FormAlert } from '#web/components/ui/field.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useRecordRefundSignature } from '../api/record-refund-signature.ts';

/**
 * A token refund the server cannot send itself waits as 'manual': the admin sends it from the
 * treasury wallet, then records the transaction's signature here.
 */
export function RefundSignatureForm({
  refund,
  onRecorded,
}: {
  refund: RefundDto;
  onRecorded: (refund: RefundDto) => void;
}) {
  const record = useRecordRefundSignature();
  const form = useForm<RefundSignatureInput>({
    resolver: zodResolver(RefundSignatureInputSchema),
    defaultValues: { signature: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      onRecorded(await record.mutateAsync({ refundId: refund.id, input }));
    } catch (err) {
      applyServerErrors(form, err, { fallback: 'The refund could not be recorded. Please try again.' });
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Record refund #${refund.id}`}
      className="space-y-2 rounded-md bg-yellow-50 p-3"
    >
      <TextField
        label="Transaction signature"
        hint="Send the refund from the treasury wallet, then paste its transaction signature."
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={errors.signature?.message}
        {...form.register('signature')}
      />
      <FormAlert>{errors.root?.server?.message}</FormAlert>
      <Button type="submit" size="sm" disabled={isSubmitting}>
        {isSubmitting ? 'Recording...' : 'Record refund'}
      </Button>
    </form>
  );
}
