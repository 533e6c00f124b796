import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '#shared/brand.ts';
import type { ChipCustody } from '#shared/chips.schemas.ts';
import { ActivateArtchipInputSchema, type ActivateArtchipInput } from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useLateDefaults } from '#web/lib/use-late-defaults.ts';
import { useActivateArtchip } from '../api/activate-artchip.ts';

type ActivateDialogProps = {
  /** custody 'dispatching': a ship-to-me mint not sent yet, which activating keeps in the vault. */
  chip: {
    id: number;
    title: string;
    description: string | null;
    custody?: ChipCustody;
    highestSaleCents: number;
    creatorId: number;
    ownerId: number | null;
  };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Spec §2 Activate dialog: a made chip gets its USD price (required) and goes live. */
export function ActivateDialog({ chip, open, onOpenChange }: ActivateDialogProps) {
  const toast = useToast();
  const activate = useActivateArtchip();
  const form = useForm<ActivateArtchipInput>({
    resolver: zodResolver(ActivateArtchipInputSchema),
    defaultValues: { price: '', description: chip.description ?? '' },
  });
  // The chip's description may be re-read while the dialog waits closed: it fills the field unless edited.
  useLateDefaults(form, { description: chip.description ?? '' });
  const errors = form.formState.errors;
  const price = useWatch({ control: form.control, name: 'price' });

  async function submit(input: ActivateArtchipInput) {
    try {
      await activate.mutateAsync({ id: chip.id, input });
      toast({ title: `${BRAND.name} activated`, description: `${chip.title} is live in the marketplace.` });
      onOpenChange(false);
    } catch (err) {
      toast({
        title: 'Activation Failed',
        description: errorMessage(err, `Failed to activate ${BRAND.name}. Please try again.`),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Activate ${chip.title}`}
      description={
        chip.custody === 'dispatching'
          ? 'Set a price to list it in the marketplace. Listed, it stays in our vault to be sold and is no longer shipped to you.'
          : 'Set a price to list it in the marketplace.'
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          placeholder="25.00"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <SaleSplit
          price={price}
          highestSaleCents={chip.highestSaleCents}
          viewer="seller"
          sellerIsCreator={chip.ownerId === chip.creatorId}
        />
        <TextAreaField
          label="Description (optional)"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" className="w-full" disabled={activate.isPending}>
          {activate.isPending ? 'Activating...' : 'Activate'}
        </Button>
      </form>
    </Dialog>
  );
}
