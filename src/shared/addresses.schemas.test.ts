import { describe, expect, it } from 'vitest';
import { addressFormatOf, COUNTRY_OPTIONS, countryName, normalizeCountryCode } from './address-format.ts';
import {
  checkAddress,
  invalidPostalCodeMessage,
  postalCodeNotInRegionMessage,
  ShippingAddressInputSchema,
  UNKNOWN_COUNTRY_MESSAGE,
  UNKNOWN_REGION_MESSAGE,
  type AddressFields,
} from './addresses.schemas.ts';
import { INCOMPLETE_ADDRESS_MESSAGE } from './checkout.schemas.ts';
import { CheckoutRequestSchema } from './checkout-request.schemas.ts';

const base = { name: 'Ann Buyer', addressLine1: '1 Main St', city: 'Somewhere' };
const address = (fields: Partial<AddressFields>): AddressFields => ({
  ...base,
  state: '',
  zipCode: '',
  country: 'US',
  ...fields,
});
const problems = (fields: Partial<AddressFields>) =>
  checkAddress(address(fields)).map((issue) => `${issue.field}: ${issue.message}`);

describe('countries', () => {
  it('lists every ISO 3166-1 country by English name, with no "other"', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThanOrEqual(249);
    expect(COUNTRY_OPTIONS.map((c) => c.code)).toEqual(
      expect.arrayContaining(['US', 'CA', 'FR', 'GB', 'AE']),
    );
    expect(COUNTRY_OPTIONS.find((c) => c.code === 'FR')?.name).toBe('France');
    expect(COUNTRY_OPTIONS.some((c) => c.code.toLowerCase() === 'other')).toBe(false);
    const names = COUNTRY_OPTIONS.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('reads stored countries as ISO codes: any case, alpha-3, English names; "other" names none', () => {
    expect(normalizeCountryCode('fr')).toBe('FR');
    expect(normalizeCountryCode('CAN')).toBe('CA');
    expect(normalizeCountryCode('United Kingdom')).toBe('GB');
    expect(normalizeCountryCode('other')).toBeNull();
    expect(normalizeCountryCode('')).toBeNull();
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('ZZ')).toBeNull();
  });
});

describe('checkAddress, per country (libaddressinput metadata)', () => {
  it('France has no state: none is asked, a postal code of five digits is', () => {
    expect(addressFormatOf('FR')).toMatchObject({ region: 'none', postalCode: 'required' });
    expect(problems({ country: 'FR', city: 'Paris', zipCode: '75002' })).toEqual([]);
    expect(problems({ country: 'FR', city: 'Paris', zipCode: '' })).toEqual([
      'zipCode: Zip code is required',
    ]);
    expect(problems({ country: 'FR', city: 'Paris', zipCode: '7500' })).toEqual([
      `zipCode: ${invalidPostalCodeMessage('FR')}`,
    ]);
  });

  it('Canada needs a province from its list and a postal code like A1A 1A1 of that province', () => {
    expect(addressFormatOf('CA').regions.map((r) => r.code)).toContain('ON');
    expect(problems({ country: 'CA', state: 'ON', zipCode: 'K1A 0B1' })).toEqual([]);
    expect(problems({ country: 'CA', state: 'on', zipCode: 'k1a0b1' })).toEqual([]);
    expect(problems({ country: 'CA', zipCode: 'K1A 0B1' })).toEqual(['state: State is required']);
    expect(problems({ country: 'CA', state: 'Narnia', zipCode: 'K1A 0B1' })).toEqual([
      `state: ${UNKNOWN_REGION_MESSAGE}`,
    ]);
    expect(problems({ country: 'CA', state: 'ON', zipCode: '12345' })).toEqual([
      `zipCode: ${invalidPostalCodeMessage('CA')}`,
    ]);
    expect(problems({ country: 'CA', state: 'BC', zipCode: 'K1A 0B1' })).toEqual([
      `zipCode: ${postalCodeNotInRegionMessage('British Columbia')}`,
    ]);
    expect(problems({ country: 'CA', state: 'ON' })).toEqual(['zipCode: Zip code is required']);
  });

  it('the United States needs a state and a ZIP code (ZIP+4 too)', () => {
    expect(problems({ state: 'IL', zipCode: '62701' })).toEqual([]);
    expect(problems({ state: 'IL', zipCode: '62701-1234' })).toEqual([]);
    expect(problems({})).toEqual(['state: State is required', 'zipCode: Zip code is required']);
    expect(problems({ state: 'XX', zipCode: '62701' })).toEqual([`state: ${UNKNOWN_REGION_MESSAGE}`]);
    expect(problems({ state: 'IL', zipCode: 'ABCDE' })).toEqual([
      `zipCode: ${invalidPostalCodeMessage('US')}`,
    ]);
  });

  it('the United Kingdom needs a postcode and no county', () => {
    expect(addressFormatOf('GB').region).toBe('none');
    expect(problems({ country: 'GB', city: 'London', zipCode: 'N1 1AA' })).toEqual([]);
    expect(problems({ country: 'GB', city: 'London', zipCode: 'SW1A 2AA' })).toEqual([]);
    expect(problems({ country: 'GB', city: 'London', zipCode: '12345' })).toEqual([
      `zipCode: ${invalidPostalCodeMessage('GB')}`,
    ]);
  });

  it('a country without postal codes asks none (United Arab Emirates: an emirate instead)', () => {
    expect(addressFormatOf('AE')).toMatchObject({ postalCode: 'none', region: 'required' });
    expect(problems({ country: 'AE', state: 'DU' })).toEqual([]);
    expect(problems({ country: 'AE', state: 'DU', zipCode: 'anything' })).toEqual([]);
    expect(problems({ country: 'AE' })).toEqual(['state: State is required']);
  });

  it('always needs a name, a street and a known country', () => {
    expect(
      checkAddress({ name: ' ', addressLine1: '', city: '', state: '', zipCode: '', country: '' }),
    ).toEqual([
      { field: 'name', kind: 'missing', message: 'Name is required' },
      { field: 'addressLine1', kind: 'missing', message: 'Address is required' },
      { field: 'country', kind: 'missing', message: 'Country is required' },
      { field: 'city', kind: 'missing', message: 'City is required' },
    ]);
    expect(problems({ country: 'other' })).toEqual([`country: ${UNKNOWN_COUNTRY_MESSAGE}`]);
  });
});

describe('ShippingAddressInputSchema', () => {
  it('stores the ISO code, the region code, an upper-case postal code, and drops what the country lacks', () => {
    expect(
      ShippingAddressInputSchema.parse({
        ...base,
        country: 'ca',
        state: 'Ontario',
        zipCode: ' k1a   0b1 ',
      }),
    ).toMatchObject({ country: 'CA', state: 'ON', zipCode: 'K1A 0B1' });
    expect(
      ShippingAddressInputSchema.parse({
        ...base,
        city: 'Paris',
        country: 'FR',
        state: 'IL',
        zipCode: '75002',
      }),
    ).toMatchObject({ country: 'FR', state: '', zipCode: '75002' });
  });

  it('answers field by field in the spec’s words', () => {
    const result = ShippingAddressInputSchema.safeParse({ ...base, country: 'CA', zipCode: 'nope' });
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'state: State is required',
      `zipCode: ${invalidPostalCodeMessage('CA')}`,
    ]);
  });
});

describe('CheckoutRequestSchema, a new address', () => {
  const ship = {
    orderType: 'purchase',
    artchipId: 1,
    paymentMethod: 'card',
    shippingOption: 'ship',
    shippingAddressId: 'new',
    newAddressName: 'Ann',
    newAddressLine1: '1 Rue de la Paix',
    newAddressCity: 'Paris',
  };

  it('takes a French address without a state', () => {
    expect(
      CheckoutRequestSchema.safeParse({ ...ship, newAddressCountry: 'FR', newAddressZip: '75002' }).success,
    ).toBe(true);
  });

  it('says an empty field is incomplete, and what is wrong with a bad one', () => {
    const result = CheckoutRequestSchema.safeParse({
      ...ship,
      newAddressCountry: 'CA',
      newAddressZip: '123',
    });
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      `newAddressState: ${INCOMPLETE_ADDRESS_MESSAGE}`,
      `newAddressZip: ${invalidPostalCodeMessage('CA')}`,
    ]);
  });
});
