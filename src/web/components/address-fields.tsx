import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  addressFormatOf,
  COUNTRY_OPTIONS,
  normalizeCountryCode,
  type FieldUse,
} from '#shared/address-format.ts';
import { INPUT_CLASS, TextField } from '#web/components/ui/field.tsx';
import { cn } from '#web/components/ui/cn.ts';

/** An address field every form shows (the address book adds the phone). */
export type AddressFieldName =
  'name' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode' | 'country';

/** The one set of labels: address book, checkout and ship-to-me name each field alike (issue 13). */
export const ADDRESS_LABELS: Record<AddressFieldName | 'phone', string> = {
  name: 'Full name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State / Province',
  zipCode: 'ZIP / Postal code',
  country: 'Country',
  phone: 'Phone (optional)',
};

function labelFor(field: AddressFieldName, use: FieldUse): string {
  return use === 'required' ? ADDRESS_LABELS[field] : `${ADDRESS_LABELS[field]} (optional)`;
}

type SelectFieldProps = {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete: string;
  children: ReactNode;
};

function SelectField({ label, error, registration, autoComplete, children }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        autoComplete={autoComplete}
        className={cn(INPUT_CLASS, error && 'border-red-600')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type AddressFieldsProps = {
  /** The form's registration of each field (the checkout names them newAddress*). */
  register: (field: AddressFieldName) => UseFormRegisterReturn;
  /** The country chosen now: region and postal code are asked as it needs. */
  country: string;
  errors: Partial<Record<AddressFieldName, string | undefined>>;
  /** The country changed: the form clears the region, which belonged to the old country. */
  onCountryChange: (country: string) => void;
};

/**
 * An address's fields, asked as its country needs (Google's address metadata): France shows no
 * state, Canada a province list and a postal code, the United Arab Emirates no postal code. The same
 * fields and labels in the address book, checkout and ship-to-me.
 */
export function AddressFields({ register, country, errors, onCountryChange }: AddressFieldsProps) {
  const code = normalizeCountryCode(country);
  const format = code ? addressFormatOf(code) : null;
  const countryField = register('country');
  const regionUse = format?.region ?? 'optional';
  const postalUse = format?.postalCode ?? 'optional';

  return (
    <div className="space-y-3">
      <SelectField
        label={ADDRESS_LABELS.country}
        error={errors.country}
        autoComplete="country"
        registration={{
          ...countryField,
          onChange: async (event) => {
            await countryField.onChange(event);
            onCountryChange((event.target as HTMLSelectElement).value);
          },
        }}
      >
        <option value="">Select a country</option>
        {COUNTRY_OPTIONS.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextField label={ADDRESS_LABELS.name} autoComplete="name" error={errors.name} {...register('name')} />
      <TextField
        label={ADDRESS_LABELS.addressLine1}
        autoComplete="address-line1"
        error={errors.addressLine1}
        {...register('addressLine1')}
      />
      <TextField
        label={ADDRESS_LABELS.addressLine2}
        autoComplete="address-line2"
        error={errors.addressLine2}
        {...register('addressLine2')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={labelFor('city', format ? format.city : 'required')}
          autoComplete="address-level2"
          error={errors.city}
          {...register('city')}
        />
        {regionUse !== 'none' &&
          (format && format.regions.length > 0 ? (
            <SelectField
              label={labelFor('state', regionUse)}
              error={errors.state}
              autoComplete="address-level1"
              registration={register('state')}
            >
              <option value="">Select…</option>
              {format.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              label={labelFor('state', regionUse)}
              autoComplete="address-level1"
              error={errors.state}
              {...register('state')}
            />
          ))}
        {postalUse !== 'none' && (
          <TextField
            label={labelFor('zipCode', postalUse)}
            autoComplete="postal-code"
            autoCapitalize="characters"
            error={errors.zipCode}
            {...register('zipCode')}
          />
        )}
      </div>
    </div>
  );
}
