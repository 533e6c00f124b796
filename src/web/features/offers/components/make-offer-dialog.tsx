import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateOfferInputSchema, OFFER_TTL_DAYS, type CreateOfferInput } from '#shared/offers.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCreateOffer } from '../api/create-offer.ts';

type MakeOfferDialogProps = {
  chip: { id: number; title: string; highestSaleCents: number; creatorId: number; ownerId: number | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A signed-in user's offer on a chip: a USD amount and an optional message to the owner. */
export function MakeOfferDialog({ chip, open, onOpenChange }: MakeOfferDialogProps) {
  const toast = useToast();
  const create = useCreateOffer();
  const form = useForm<CreateOfferInput>({
    resolver: zodResolver(CreateOfferInputSchema),
    defaultValues: { amountUsd: '', message: '' },
  });
  const errors = form.formState.errors;
  const amountUsd = useWatch({ control: form.control, name: 'amountUsd' });

  async function submit(input: CreateOfferInput) {
    try {
      await create.mutateAsync({
        artchipId: chip.id,
        input: { ...input, message: input.message || undefined },
      });
      toast({
        title: 'Offer sent',
        description: `Your offer of $${input.amountUsd} on ${chip.title} was sent to the owner. Follow it in your dashboard.`,
      });
      form.reset();
      onOpenChange(false);
    } catch (err) {
      toast({
        title: 'Offer failed',
        description: errorMessage(err, 'Failed to send your offer. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Make an offer on ${chip.title}`}
      description={`The owner can accept, decline or counter. Offers stay open for ${OFFER_TTL_DAYS} days.`}
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
        <TextField
          label="Offer amount (USD)"
          inputMode="decimal"
          placeholder="20.00"
          error={errors.amountUsd?.message}
          {...form.register('amountUsd')}
        />
        <SaleSplit
          price={amountUsd}
          highestSaleCents={chip.highestSaleCents}
          viewer="buyer"
          sellerIsCreator={chip.ownerId === chip.creatorId}
        />
        <TextAreaField
          label="Message (optional)"
          error={errors.message?.message}
          {...form.register('message')}
        />
        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? 'Sending...' : 'Send Offer'}
        </Button>
      </form>
    </Dialog>
  );
}
