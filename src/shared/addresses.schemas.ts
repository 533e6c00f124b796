/**
 * Shipping addresses on the wire (spec §3 "Shipping address", §5 "Address"), checked as each country
 * needs (address-format.ts): France has no state, Canada needs a province and a postal code like
 * A1A 1A1, the United States a state and a ZIP code, and so on. The address book, checkout and
 * ship-to-me all use these checks, on the server and in the browser.
 */
import { z } from 'zod';
import {
  addressFormatOf,
  addressLabelLines,
  countryName,
  findRegion,
  normalizeCountryCode,
  normalizePostalCode,
  type CountryCode,
  type PostalAddress,
} from './address-format.ts';

/** Most addresses one account may keep. */
export const MAX_SHIPPING_ADDRESSES = 20;

/** The country a new address starts with. */
export const DEFAULT_ADDRESS_COUNTRY: CountryCode = 'US';

/** The fields every address form has, whatever the country. */
export type AddressFields = {
  name: string;
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

/** A field an address check can complain about. */
export type AddressField = keyof AddressFields;

/** Spec §5 "Address": the message when a required field is empty. */
export const ADDRESS_REQUIRED_MESSAGES: Record<AddressField, string> = {
  name: 'Name is required',
  addressLine1: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'Zip code is required',
  country: 'Country is required',
};

/** A country that is not an ISO 3166 country (the old checkout's "other" among them). */
export const UNKNOWN_COUNTRY_MESSAGE = 'Choose a country from the list';

/** A region that is not one of the country's. */
export const UNKNOWN_REGION_MESSAGE = 'Choose a state or province from the list';

/** A postal code that does not have the country's form. */
export function invalidPostalCodeMessage(country: CountryCode): string {
  return `Enter a valid ZIP or postal code for ${countryName(country) ?? country}`;
}

/** A postal code of the right form that belongs to another region of the country. */
export function postalCodeNotInRegionMessage(regionName: string): string {
  return `This ZIP or postal code is not in ${regionName}`;
}

/** One thing wrong with an address: a required field left empty, or a value the country does not have. */
export type AddressIssue = { field: AddressField; kind: 'missing' | 'invalid'; message: string };

const isBlank = (value: string) => value.trim() === '';

/**
 * What is wrong with an address, field by field, by its country's rules; empty when it can be shipped
 * to. A name and a street are always needed (a parcel needs them), the rest as the country needs.
 */
export function checkAddress(address: AddressFields): AddressIssue[] {
  const issues: AddressIssue[] = [];
  const missing = (field: AddressField) =>
    issues.push({ field, kind: 'missing', message: ADDRESS_REQUIRED_MESSAGES[field] });
  if (isBlank(address.name)) missing('name');
  if (isBlank(address.addressLine1)) missing('addressLine1');
  const country = normalizeCountryCode(address.country);
  if (isBlank(address.country)) {
    missing('country');
  } else if (!country) {
    issues.push({ field: 'country', kind: 'invalid', message: UNKNOWN_COUNTRY_MESSAGE });
  }
  if (!country) {
    if (isBlank(address.city)) missing('city');
    return issues;
  }
  const format = addressFormatOf(country);
  if (format.city === 'required' && isBlank(address.city)) missing('city');

  const region = format.region === 'none' ? null : findRegion(format, address.state);
  if (format.region === 'required' && isBlank(address.state)) missing('state');
  else if (format.region !== 'none' && !isBlank(address.state) && format.regions.length > 0 && !region) {
    issues.push({ field: 'state', kind: 'invalid', message: UNKNOWN_REGION_MESSAGE });
  }

  if (format.postalCode === 'none') return issues;
  const postalCode = normalizePostalCode(address.zipCode);
  if (!postalCode) {
    if (format.postalCode === 'required') missing('zipCode');
  } else if (format.postalPattern && !format.postalPattern.test(postalCode)) {
    issues.push({ field: 'zipCode', kind: 'invalid', message: invalidPostalCodeMessage(country) });
  } else if (region?.postalPrefix && !region.postalPrefix.test(postalCode)) {
    issues.push({ field: 'zipCode', kind: 'invalid', message: postalCodeNotInRegionMessage(region.name) });
  }
  return issues;
}

/**
 * An address as it is stored: the country as its ISO code, a listed region as its code ("Ontario" →
 * "ON"), the postal code in upper case, and no region or postal code where the country has none (a
 * value left over from another country is dropped). Call it on a checked address.
 */
export function normalizeAddress<T extends AddressFields>(address: T): T {
  const country = normalizeCountryCode(address.country);
  if (!country) return address;
  const format = addressFormatOf(country);
  const region = findRegion(format, address.state);
  return {
    ...address,
    country,
    city: address.city.trim(),
    state: format.region === 'none' ? '' : (region?.code ?? address.state.trim()),
    zipCode: format.postalCode === 'none' ? '' : normalizePostalCode(address.zipCode),
  };
}

const text = (max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`);

/**
 * POST /api/shipping-addresses and PUT /api/shipping-addresses/:id (spec §5 "Address"). Region and
 * postal code are asked as the country needs; the answer is stored normalized (normalizeAddress).
 */
export const ShippingAddressInputSchema = z
  .object({
    name: text(200).default(''),
    addressLine1: text(200).default(''),
    addressLine2: text(200).optional(),
    city: text(100).default(''),
    state: text(100).default(''),
    zipCode: text(20).default(''),
    country: text(60).default(DEFAULT_ADDRESS_COUNTRY),
    phone: text(40).optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((address, ctx) => {
    for (const issue of checkAddress(address)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  })
  .transform((address) => normalizeAddress(address));

/** An address as a form or client writes it. */
export type ShippingAddressInput = z.input<typeof ShippingAddressInputSchema>;

/** A saved shipping address (spec §3); country is an ISO code, or an old row's unknown value. */
export const ShippingAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const ShippingAddressIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Shipping address not found' })
    .int('Shipping address not found')
    .positive('Shipping address not found')
    .max(2_147_483_647, 'Shipping address not found'),
});

/** A saved address cannot be shipped to until its owner gives its country (old rows said "other"). */
export const ADDRESS_WITHOUT_COUNTRY_MESSAGE =
  'This address has no country. Edit it in your address book and choose its country.';

/**
 * One line for an address, in its country's order: "Ann, 1 Main St, Apt 2, Springfield, IL 62701,
 * United States of America"; "Country not set" for an old row that names none.
 */
export function formatAddressLine(address: PostalAddress): string {
  const code = normalizeCountryCode(address.country);
  const lines = addressLabelLines({ ...address, country: code ?? '' });
  return [...lines, ...(code ? [] : ['Country not set'])].join(', ');
}
