import { useWatch } from 'react-hook-form';
import { countryName, normalizeCountryCode } from '#shared/address-format.ts';
import {
  ADDRESS_REQUIRED_MESSAGES,
  formatAddressLine,
  type ShippingAddress,
} from '#shared/addresses.schemas.ts';
import { INCOMPLETE_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
import { NEW_ADDRESS_FIELD_NAMES } from '#shared/checkout-request.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { AddressFields, type AddressFieldName } from '#web/components/address-fields.tsx';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { NEW_ADDRESS_FIELDS, parseAddressSelectValue, type CheckoutForm } from '../lib/checkout-form.ts';

/** The checkout request's name of each address field (line 2 has one too). */
const CHECKOUT_FIELD: Record<AddressFieldName, (typeof NEW_ADDRESS_FIELDS)[number]> = {
  ...NEW_ADDRESS_FIELD_NAMES,
  addressLine2: 'newAddressLine2',
};

type ShippingFieldsProps = {
  form: CheckoutForm;
  addresses: ShippingAddress[];
  /** Where it ships now (the chosen address's country, or the new address's) and what that costs. */
  destination: { country: string; shippingCents: number } | null;
  shippingRates: { domestic: string; international: string };
};

/** Ship or store (vault, free); when shipping, a saved address or a new one. */
export function ShippingFields({ form, addresses, destination, shippingRates }: ShippingFieldsProps) {
  const { register, formState } = form;
  const shippingOption = useWatch({ control: form.control, name: 'shippingOption' });
  const addressId = parseAddressSelectValue(useWatch({ control: form.control, name: 'shippingAddressId' }));
  const errors = formState.errors;
  const addressError = errors.shippingAddressId?.message;
  const hasIncompleteAddress = NEW_ADDRESS_FIELDS.some(
    (field) => errors[field]?.message === INCOMPLETE_ADDRESS_MESSAGE,
  );
  const isNew = addressId === 'new' || addresses.length === 0;
  const newCountry = useWatch({ control: form.control, name: 'newAddressCountry' }) ?? '';
  const destinationName = destination ? countryName(normalizeCountryCode(destination.country) ?? '') : null;
  // A required field left empty reads as the address book says it ("City is required"); the spec's
  // 'Please fill in all required address fields' is said once, below the fields.
  const fieldError = (field: AddressFieldName) => {
    const message = errors[CHECKOUT_FIELD[field]]?.message;
    return message === INCOMPLETE_ADDRESS_MESSAGE && field !== 'addressLine2'
      ? ADDRESS_REQUIRED_MESSAGES[field]
      : message;
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-gray-900">Delivery</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input type="radio" value="ship" className="mt-1" {...register('shippingOption')} />
          <span>
            <span className="block text-sm font-medium text-gray-900">Ship to me</span>
            <span className="block text-xs text-gray-700">
              {destination && destinationName
                ? `${formatUsd(destination.shippingCents)} to ${destinationName}`
                : `US $${shippingRates.domestic}, international $${shippingRates.international}`}
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
                    {formatAddressLine(address)}
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
              <AddressFields
                register={(field) => register(CHECKOUT_FIELD[field])}
                country={newCountry}
                errors={{
                  name: fieldError('name'),
                  addressLine1: fieldError('addressLine1'),
                  addressLine2: fieldError('addressLine2'),
                  city: fieldError('city'),
                  state: fieldError('state'),
                  zipCode: fieldError('zipCode'),
                  country: fieldError('country'),
                }}
                onCountryChange={() => form.setValue('newAddressState', '')}
              />
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
