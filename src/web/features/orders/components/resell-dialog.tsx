import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ResellArtchipInputSchema, type ResellArtchipInput } from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useResellArtchip } from '../api/resell-artchip.ts';

type ResellDialogProps = {
  chip: { id: number; title: string; highestSaleCents: number; creatorId: number; ownerId: number | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** List a chip kept in the vault for resale at a USD price. */
export function ResellDialog({ chip, open, onOpenChange }: ResellDialogProps) {
  const toast = useToast();
  const resell = useResellArtchip();
  const form = useForm<ResellArtchipInput>({
    resolver: zodResolver(ResellArtchipInputSchema),
    defaultValues: { priceUsd: '' },
  });
  const priceUsd = useWatch({ control: form.control, name: 'priceUsd' });

  async function submit(input: ResellArtchipInput) {
    try {
      await resell.mutateAsync({ id: chip.id, input });
      toast({
        title: 'Listed for resale',
        description: `${chip.title} is in the marketplace at $${input.priceUsd}.`,
      });
      onOpenChange(false);
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to list for resale.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`List ${chip.title} for resale`}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
        <TextField
          label="USD price"
          inputMode="decimal"
          placeholder="25.00"
          error={form.formState.errors.priceUsd?.message}
          {...form.register('priceUsd')}
        />
        <SaleSplit
          price={priceUsd}
          highestSaleCents={chip.highestSaleCents}
          viewer="seller"
          sellerIsCreator={chip.ownerId === chip.creatorId}
        />
        <Button type="submit" className="w-full" disabled={resell.isPending}>
          {resell.isPending ? 'Listing...' : 'List for resale'}
        </Button>
      </form>
    </Dialog>
  );
}
