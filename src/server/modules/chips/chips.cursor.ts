import type { MarketplaceSort } from '#shared/chips.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ChipWithUsers, MarketplaceCursor } from './chips.repo.ts';

/**
 * Opaque keyset cursors: base64url JSON of the sort key and id of the last item of a page. Clients
 * pass them back untouched; a cursor from another sort, or a tampered one, is refused with 400.
 */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'Invalid cursor', { fieldErrors: { cursor: ['Invalid cursor'] } });
}

function encode(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(cursor: string): unknown[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

const isId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;
const isTimestamp = (v: unknown): v is string => typeof v === 'string' && TIMESTAMP_TEXT.test(v);

/** The cursor that continues after `last` in `sort` order. */
export function encodeMarketplaceCursor(sort: MarketplaceSort, last: ChipWithUsers): string {
  return sort === 'newest'
    ? encode(['n', last.createdAtKey, last.chip.id])
    : encode([sort === 'price_asc' ? 'pa' : 'pd', last.chip.priceCents ?? 0, last.chip.id]);
}

export function decodeMarketplaceCursor(sort: MarketplaceSort, cursor: string): MarketplaceCursor {
  const [tag, key, id] = decode(cursor);
  if (sort === 'newest' && tag === 'n' && isTimestamp(key) && isId(id)) return { sort, createdAt: key, id };
  const expectedTag = sort === 'price_asc' ? 'pa' : 'pd';
  if (
    sort !== 'newest' &&
    tag === expectedTag &&
    Number.isSafeInteger(key) &&
    (key as number) >= 0 &&
    isId(id)
  ) {
    return { sort, priceCents: key as number, id };
  }
  throw invalidCursor();
}

export function encodeGalleryCursor(last: ChipWithUsers): string {
  return encode(['g', last.createdAtKey, last.chip.id]);
}

export function decodeGalleryCursor(cursor: string): { createdAt: string; id: number } {
  const [tag, key, id] = decode(cursor);
  if (tag === 'g' && isTimestamp(key) && isId(id)) return { createdAt: key, id };
  throw invalidCursor();
}
