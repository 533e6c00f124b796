import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CounterOfferInputSchema, type CounterOfferInput, type Offer } from '#shared/offers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCounterOffer } from '../api/counter-offer.ts';

type CounterOfferDialogProps = { offer: Offer; open: boolean; onOpenChange: (open: boolean) => void };

/** The owner answers an offer with another amount. */
export function CounterOfferDialog({ offer, open, onOpenChange }: CounterOfferDialogProps) {
  const toast = useToast();
  const counter = useCounterOffer();
  const form = useForm<CounterOfferInput>({
    resolver: zodResolver(CounterOfferInputSchema),
    defaultValues: { amountUsd: '' },
  });
  const amountUsd = useWatch({ control: form.control, name: 'amountUsd' });

  async function submit(input: CounterOfferInput) {
    try {
      await counter.mutateAsync({ offerId: offer.id, input });
      toast({
        title: 'Counter-offer sent',
        description: `${offer.buyerUsername} can now accept $${input.amountUsd}.`,
      });
      onOpenChange(false);
    } catch (err) {
      toast({
        title: 'Counter failed',
        description: errorMessage(err, 'Failed to send the counter-offer.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Counter ${offer.buyerUsername}'s offer`}
      description={`They offered ${formatUsd(offer.amountCents)} for ${offer.artchipTitle}.`}
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
        <TextField
          label="Counter amount (USD)"
          inputMode="decimal"
          error={form.formState.errors.amountUsd?.message}
          {...form.register('amountUsd')}
        />
        <SaleSplit
          price={amountUsd}
          highestSaleCents={offer.highestSaleCents}
          viewer="seller"
          sellerIsCreator={offer.ownerUsername === offer.creatorUsername}
        />
        <Button type="submit" className="w-full" disabled={counter.isPending}>
          {counter.isPending ? 'Sending...' : 'Send Counter-offer'}
        </Button>
      </form>
    </Dialog>
  );
}
