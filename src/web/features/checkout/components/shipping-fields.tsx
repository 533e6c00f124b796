import { useWatch } from 'react-hook-form';
import { INCOMPLETE_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
import { SHIPPING_COUNTRIES } from '#shared/pricing.ts';
import type { ShippingAddress } from '#shared/users.schemas.ts';
import { INPUT_CLASS, TextField } from '#web/components/ui/field.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { NEW_ADDRESS_FIELDS, parseAddressSelectValue, type CheckoutForm } from '../lib/checkout-form.ts';

const COUNTRY_LABELS: Record<(typeof SHIPPING_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  other: 'Other',
};

function formatAddress(address: ShippingAddress): string {
  const line2 = address.addressLine2 ? `, ${address.addressLine2}` : '';
  return `${address.name}, ${address.addressLine1}${line2}, ${address.city}, ${address.state} ${address.zipCode}, ${address.country}`;
}

type ShippingFieldsProps = {
  form: CheckoutForm;
  addresses: ShippingAddress[];
  shippingRates: { domestic: string; international: string };
};

/** Ship or store (vault, free); when shipping, a saved address or a new one. */
export function ShippingFields({ form, addresses, shippingRates }: ShippingFieldsProps) {
  const { register, formState } = form;
  const shippingOption = useWatch({ control: form.control, name: 'shippingOption' });
  const addressId = parseAddressSelectValue(useWatch({ control: form.control, name: 'shippingAddressId' }));
  const errors = formState.errors;
  const addressError = errors.shippingAddressId?.message;
  const hasIncompleteAddress = NEW_ADDRESS_FIELDS.some((field) => errors[field]);
  const isNew = addressId === 'new' || addresses.length === 0;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-gray-900">Delivery</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input type="radio" value="ship" className="mt-1" {...register('shippingOption')} />
          <span>
            <span className="block text-sm font-medium text-gray-900">Ship to me</span>
            <span className="block text-xs text-gray-700">
              US ${shippingRates.domestic}, international ${shippingRates.international}
            </span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input type="radio" value="store" className="mt-1" {...register('shippingOption')} />
          <span>
            <span className="block text-sm font-medium text-gray-900">Store in the vault</span>
            <span className="block text-xs text-gray-700">Free; ship it later whenever you like</span>
          </span>
        </label>
      </div>

      {shippingOption === 'ship' && (
        <div className="space-y-3">
          {addresses.length > 0 && (
            <div className="space-y-1">
              <label htmlFor="checkout-address" className="block text-sm font-medium text-gray-800">
                Shipping address
              </label>
              <select
                id="checkout-address"
                className={cn(INPUT_CLASS, addressError && 'border-red-600')}
                aria-invalid={addressError ? true : undefined}
                aria-describedby={addressError ? 'checkout-address-error' : undefined}
                {...register('shippingAddressId', { setValueAs: parseAddressSelectValue })}
              >
                <option value="">Select an address</option>
                {addresses.map((address) => (
                  <option key={address.id} value={address.id}>
                    {formatAddress(address)}
                  </option>
                ))}
                <option value="new">Use a new address</option>
              </select>
              {addressError && (
                <p id="checkout-address-error" role="alert" className="text-sm text-red-700">
                  {addressError}
                </p>
              )}
            </div>
          )}

          {isNew && (
            <div className="space-y-3 rounded-md border border-gray-200 p-3">
              <p className="text-sm font-medium text-gray-900">New address</p>
              <TextField
                label="Full name"
                autoComplete="name"
                aria-invalid={errors.newAddressName ? true : undefined}
                {...register('newAddressName')}
              />
              <TextField
                label="Address line 1"
                autoComplete="address-line1"
                aria-invalid={errors.newAddressLine1 ? true : undefined}
                {...register('newAddressLine1')}
              />
              <TextField
                label="Address line 2 (optional)"
                autoComplete="address-line2"
                {...register('newAddressLine2')}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="City"
                  autoComplete="address-level2"
                  aria-invalid={errors.newAddressCity ? true : undefined}
                  {...register('newAddressCity')}
                />
                <TextField
                  label="State / region"
                  autoComplete="address-level1"
                  aria-invalid={errors.newAddressState ? true : undefined}
                  {...register('newAddressState')}
                />
                <TextField
                  label="ZIP / postal code"
                  autoComplete="postal-code"
                  aria-invalid={errors.newAddressZip ? true : undefined}
                  {...register('newAddressZip')}
                />
                <div className="space-y-1">
                  <label htmlFor="checkout-country" className="block text-sm font-medium text-gray-800">
                    Country
                  </label>
                  <select id="checkout-country" className={INPUT_CLASS} {...register('newAddressCountry')}>
                    {SHIPPING_COUNTRIES.map((country) => (
                      <option key={country} value={country}>
                        {COUNTRY_LABELS[country]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <label className="flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" {...register('saveAddress')} />
                Save this address
              </label>
              {hasIncompleteAddress && (
                <p role="alert" className="text-sm text-red-700">
                  {INCOMPLETE_ADDRESS_MESSAGE}
                </p>
              )}
            </div>
          )}
          {addresses.length === 0 && addressError && (
            <p role="alert" className="text-sm text-red-700">
              {addressError}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
