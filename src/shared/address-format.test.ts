import { describe, expect, it } from 'vitest';
import { addressLabelLines } from './address-format.ts';

describe('addressLabelLines', () => {
  it("puts a French postal code before the city and leaves out the missing state's separator", () => {
    expect(
      addressLabelLines({
        name: 'Zoé Martin',
        addressLine1: '12 rue de la Paix',
        city: 'Paris',
        state: '',
        zipCode: '75002',
        country: 'FR',
      }),
    ).toEqual(['Zoé Martin', '12 rue de la Paix', '75002 Paris', 'France']);
  });

  it('writes a US address as "City, ST ZIP", with the second street line', () => {
    expect(
      addressLabelLines({
        name: 'Ada Lovelace',
        addressLine1: '1 Main St',
        addressLine2: 'Apt 2',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        country: 'US',
      }),
    ).toEqual(['Ada Lovelace', '1 Main St', 'Apt 2', 'Springfield, IL 62701', 'United States of America']);
  });

  it('keeps the words between fields only when both sides are filled', () => {
    const lines = addressLabelLines({
      name: 'Ada',
      addressLine1: '1 Main St',
      city: 'Springfield',
      state: '',
      zipCode: '62701',
      country: 'US',
    });
    expect(lines[2]).toBe('Springfield 62701');
  });

  it('gives the United Kingdom its postcode on a line of its own', () => {
    expect(
      addressLabelLines({
        name: 'Cy',
        addressLine1: '10 Downing St',
        city: 'London',
        zipCode: 'SW1A 2AA',
        country: 'gb',
      }),
    ).toEqual(['Cy', '10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('falls back to name, street and city where the metadata has no layout, and to the stored country text', () => {
    expect(
      addressLabelLines({ name: 'Ed', addressLine1: '1 High St', city: "St John's", country: 'AG' }),
    ).toEqual(['Ed', '1 High St', "St John's", 'Antigua and Barbuda']);
    expect(
      addressLabelLines({
        name: 'Old',
        addressLine1: '1 Road',
        city: 'Town',
        zipCode: '123',
        country: 'other',
      }),
    ).toEqual(['Old', '1 Road', 'Town 123', 'other']);
  });
});
