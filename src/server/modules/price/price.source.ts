/**
 * Reading the configured price source (PRICE_SOURCE_URL). Accepted JSON bodies, with a USD price as a
 * number or numeric string: `{ "price_usd": n }`, `{ "price": n }`, `{ "usd": n }` (each optionally with
 * `"change_24h": n`), or CoinGecko's simple-price shape `{ "<id>": { "usd": n, "usd_24h_change": n } }`.
 */
import { BRAND } from '#shared/brand.ts';
import { normalizeTokenPriceUsd } from '#shared/money.ts';
import { roundChange } from './price.format.ts';

/** What one read of the source gives: the canonical price text and its 24 h change when the source has one. */
export type SourceQuote = { priceUsd: string; change24h: number | null };

const FLAT_PRICE_KEYS = ['price_usd', 'price', 'usd'] as const;
const FLAT_CHANGE_KEYS = ['change_24h', 'usd_24h_change', 'price_change_percentage_24h'] as const;
const SOURCE_TIMEOUT_MS = 4_000;
const MAX_BODY_CHARS = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toPrice(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') throw new Error('price is not a number');
  if (typeof value === 'number' && !(Number.isFinite(value) && value > 0))
    throw new Error('price must be > 0');
  return normalizeTokenPriceUsd(value);
}

function toChange(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? roundChange(n) : null;
}

/** Extracts the USD price (and 24 h change when given) from a source's JSON body; throws if there is none. */
export function parsePriceSourceBody(body: unknown): SourceQuote {
  if (!isRecord(body)) throw new Error('price source body is not a JSON object');
  for (const key of FLAT_PRICE_KEYS) {
    if (body[key] !== undefined && !isRecord(body[key])) {
      const changeKey = FLAT_CHANGE_KEYS.find((k) => body[k] !== undefined);
      return { priceUsd: toPrice(body[key]), change24h: changeKey ? toChange(body[changeKey]) : null };
    }
  }
  // CoinGecko simple price: prefer an entry named after the brand, else the first one with a USD price.
  const entries = [body[BRAND.slug], ...Object.values(body)];
  const coin = entries.find((v): v is Record<string, unknown> => isRecord(v) && v.usd !== undefined);
  if (coin) return { priceUsd: toPrice(coin.usd), change24h: toChange(coin.usd_24h_change) };
  throw new Error('price source body has no USD price');
}

/** Fetches and parses the source; throws on network errors, timeouts, non-2xx answers and bad bodies. */
export async function fetchSourceQuote(url: string): Promise<SourceQuote> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`price source answered HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_BODY_CHARS) throw new Error('price source body is too large');
  return parsePriceSourceBody(JSON.parse(text));
}

/** A label for the source stored with each tick: its host, never the query (which may hold an API key). */
export function sourceLabel(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'source';
  }
}
