import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_COUNTRIES,
  ShippingAddressInputSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/users.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { INPUT_CLASS, TextField } from '#web/components/ui/field.tsx';

const COUNTRY_LABELS: Record<(typeof ADDRESS_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  other: 'Other',
};

/** The form's values for an address being edited, or blank ones (country US) for a new address. */
export function addressFormValues(address?: ShippingAddress): ShippingAddressInput {
  return {
    name: address?.name ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipCode: address?.zipCode ?? '',
    country: (ADDRESS_COUNTRIES as readonly string[]).includes(address?.country ?? '')
      ? (address!.country as ShippingAddressInput['country'])
      : 'US',
    phone: address?.phone ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

type AddressFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited; none to add one. */
  address?: ShippingAddress | undefined;
  onSave: (input: ShippingAddressInput) => Promise<boolean>;
};

/** Add or edit a shipping address (spec §5 "Address"). */
export function AddressFormDialog({ open, onOpenChange, address, onSave }: AddressFormDialogProps) {
  const countryId = useId();
  const defaultId = useId();
  const form = useForm({
    resolver: zodResolver(ShippingAddressInputSchema),
    values: addressFormValues(address),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await onSave(values)) onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? 'Edit Shipping Address' : 'Add Shipping Address'}
      description="Where should we ship your Artchips?"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Address"
          autoComplete="address-line1"
          error={errors.addressLine1?.message}
          {...form.register('addressLine1')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          error={errors.addressLine2?.message}
          {...form.register('addressLine2')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <TextField
            label="State / Province"
            autoComplete="address-level1"
            error={errors.state?.message}
            {...form.register('state')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Zip code"
            autoComplete="postal-code"
            error={errors.zipCode?.message}
            {...form.register('zipCode')}
          />
          <div className="space-y-1">
            <label htmlFor={countryId} className="block text-sm font-medium text-gray-800">
              Country
            </label>
            <select
              id={countryId}
              autoComplete="country"
              className={INPUT_CLASS}
              aria-invalid={errors.country ? true : undefined}
              {...form.register('country')}
            >
              {ADDRESS_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {COUNTRY_LABELS[code]}
                </option>
              ))}
            </select>
            {errors.country && (
              <p role="alert" className="text-sm text-red-700">
                {errors.country.message}
              </p>
            )}
          </div>
        </div>
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <div className="flex items-center gap-2">
          <input
            id={defaultId}
            type="checkbox"
            className="h-4 w-4 rounded border-gray-400 accent-brand-600"
            {...form.register('isDefault')}
          />
          <label htmlFor={defaultId} className="text-sm text-gray-800">
            Use as my default address
          </label>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : address ? 'Save Address' : 'Add Address'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
