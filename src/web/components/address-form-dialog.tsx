import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addressFormatOf, findRegion, normalizeCountryCode } from '#shared/address-format.ts';
import { BRAND } from '#shared/brand.ts';
import {
  DEFAULT_ADDRESS_COUNTRY,
  ShippingAddressInputSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/addresses.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { ADDRESS_LABELS, AddressFields } from './address-fields.tsx';

/** An address as the form sends it: checked and normalized by the shared schema. */
export type CheckedAddress = z.output<typeof ShippingAddressInputSchema>;

/**
 * The form's values for an address being edited, or blank ones (United States) for a new one. A saved
 * country that names no country (the old "other") starts empty, so its owner must choose one; a region
 * saved by its name starts as its code.
 */
export function addressFormValues(address?: ShippingAddress): ShippingAddressInput {
  const country = address ? (normalizeCountryCode(address.country) ?? '') : DEFAULT_ADDRESS_COUNTRY;
  const region = country && address ? findRegion(addressFormatOf(country), address.state) : null;
  return {
    name: address?.name ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: region?.code ?? address?.state ?? '',
    zipCode: address?.zipCode ?? '',
    country,
    phone: address?.phone ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

type AddressFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited; none to add one. */
  address?: ShippingAddress | undefined;
  /** Saves the address; true closes the dialog. */
  onSave: (input: CheckedAddress) => Promise<boolean>;
  /** Offer "Use as my default address" (the address book does; ship-to-me does not). */
  canChooseDefault?: boolean;
};

/**
 * Add or edit a shipping address (spec §5 "Address"), in the address book and in ship-to-me. The form
 * lives only while the dialog is open, so Cancel (or Escape) throws away what was typed: opening it
 * again starts from the saved address, never from a stale one.
 */
export function AddressFormDialog({
  open,
  onOpenChange,
  address,
  onSave,
  canChooseDefault = true,
}: AddressFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? 'Edit Shipping Address' : 'Add Shipping Address'}
      description={`Where should we ship your ${BRAND.plural}?`}
    >
      {open && (
        <AddressForm
          key={address?.id ?? 'new'}
          address={address}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
          onSaved={() => onOpenChange(false)}
          canChooseDefault={canChooseDefault}
        />
      )}
    </Dialog>
  );
}

type AddressFormProps = {
  address: ShippingAddress | undefined;
  onSave: (input: CheckedAddress) => Promise<boolean>;
  onCancel: () => void;
  onSaved: () => void;
  canChooseDefault: boolean;
};

function AddressForm({ address, onSave, onCancel, onSaved, canChooseDefault }: AddressFormProps) {
  const form = useForm<ShippingAddressInput, unknown, CheckedAddress>({
    resolver: zodResolver(ShippingAddressInputSchema),
    defaultValues: addressFormValues(address),
  });
  const { errors, isSubmitting } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' }) ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    if (await onSave(values)) onSaved();
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <AddressFields
        register={(field) => form.register(field)}
        country={country}
        errors={{
          name: errors.name?.message,
          addressLine1: errors.addressLine1?.message,
          addressLine2: errors.addressLine2?.message,
          city: errors.city?.message,
          state: errors.state?.message,
          zipCode: errors.zipCode?.message,
          country: errors.country?.message,
        }}
        onCountryChange={() => form.setValue('state', '')}
      />
      <TextField
        label={ADDRESS_LABELS.phone}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      {canChooseDefault && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-gray-400 accent-brand-600"
            {...form.register('isDefault')}
          />
          Use as my default address
        </label>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : address ? 'Save Address' : 'Add Address'}
        </Button>
      </div>
    </form>
  );
}
