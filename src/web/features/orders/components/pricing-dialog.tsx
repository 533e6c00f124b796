import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAYPAL_EMAIL_REQUIRED_MESSAGE,
  UpdateArtchipPricingInputSchema,
  type UpdateArtchipPricingInput,
} from '#shared/orders.schemas.ts';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useLateDefaults } from '#web/lib/use-late-defaults.ts';
import { useUpdateArtchipPricing } from '../api/update-artchip-pricing.ts';

type PricingDialogProps = {
  chip: {
    id: number;
    title: string;
    priceUsd: string | null;
    paypalEnabled: boolean;
    highestSaleCents: number;
    creatorId: number;
    ownerId: number | null;
  };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Spec §2 Pricing dialog: the USD price, and direct PayPal, offered only to a seller with a PayPal
 * e-mail in their profile (otherwise a hint says to add one).
 */
export function PricingDialog({ chip, open, onOpenChange }: PricingDialogProps) {
  const toast = useToast();
  const { user } = useAuth();
  const hasPaypalEmail = Boolean(user?.paypalEmail);
  const update = useUpdateArtchipPricing();
  const form = useForm<z.input<typeof UpdateArtchipPricingInputSchema>, unknown, UpdateArtchipPricingInput>({
    resolver: zodResolver(UpdateArtchipPricingInputSchema),
    defaultValues: { priceUsd: chip.priceUsd ?? '', paypalEnabled: hasPaypalEmail && chip.paypalEnabled },
  });
  // The dialog's form outlives its openings: a price changed since (a save, a resale, a refetch)
  // becomes the starting point of fields not being edited.
  useLateDefaults(form, {
    priceUsd: chip.priceUsd ?? '',
    paypalEnabled: hasPaypalEmail && chip.paypalEnabled,
  });
  // Closing drops what was typed and not saved, so the next opening starts from the chip's pricing.
  const changeOpen = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const errors = form.formState.errors;
  const priceUsd = useWatch({ control: form.control, name: 'priceUsd' });

  async function submit(input: UpdateArtchipPricingInput) {
    try {
      await update.mutateAsync({
        id: chip.id,
        input: { ...input, paypalEnabled: hasPaypalEmail && input.paypalEnabled },
      });
      toast({ title: 'Pricing updated', description: `${chip.title} now costs $${input.priceUsd}.` });
      changeOpen(false);
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update pricing.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={`Pricing for ${chip.title}`}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
        <TextField
          label="USD price"
          inputMode="decimal"
          placeholder="25.00"
          error={errors.priceUsd?.message}
          {...form.register('priceUsd')}
        />
        <SaleSplit
          price={priceUsd}
          highestSaleCents={chip.highestSaleCents}
          viewer="seller"
          sellerIsCreator={chip.ownerId === chip.creatorId}
        />
        {hasPaypalEmail ? (
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" {...form.register('paypalEnabled')} />
            Accept direct PayPal payments to {user?.paypalEmail}
          </label>
        ) : (
          <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">{PAYPAL_EMAIL_REQUIRED_MESSAGE}</p>
        )}
        <Button type="submit" className="w-full" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Pricing'}
        </Button>
      </form>
    </Dialog>
  );
}
