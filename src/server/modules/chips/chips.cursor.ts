import { z } from 'zod';
import type { MarketplaceSort } from '#shared/chips.schemas.ts';
import { MAX_ID } from '#shared/input.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ChipWithUsers, MarketplaceCursor } from './chips.repo.ts';

/**
 * Opaque keyset cursors: base64url JSON of the sort key and id of the last item of a page. Clients
 * pass them back untouched; a cursor from another sort, or a tampered one, is refused with 400.
 * Every value is checked against what the query binds it to (issue 25, finding 7): a timestamp
 * PostgreSQL can read (a real calendar date, year 1 or later), and integers within the integer
 * columns, so no forged cursor reaches the database as an error.
 */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** True when the text names a real instant: 2026-02-30 or 24:00 would be rolled over by a Date. */
function isRealTimestamp(text: string): boolean {
  const millis = `${text.slice(0, 23)}Z`;
  const time = Date.parse(millis);
  return !Number.isNaN(time) && !text.startsWith('0000') && new Date(time).toISOString() === millis;
}

const CursorTimestamp = z.string().regex(TIMESTAMP_TEXT).refine(isRealTimestamp);
const CursorId = z.number().int().min(1).max(MAX_ID);
/** chips.price_cents is an integer column. */
const CursorPrice = z.number().int().min(0).max(MAX_ID);

const NewestCursorSchema = z.tuple([z.literal('n'), CursorTimestamp, CursorId]);
const PriceAscCursorSchema = z.tuple([z.literal('pa'), CursorPrice, CursorId]);
const PriceDescCursorSchema = z.tuple([z.literal('pd'), CursorPrice, CursorId]);
const GalleryCursorSchema = z.tuple([z.literal('g'), CursorTimestamp, CursorId]);

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'Invalid cursor', { fieldErrors: { cursor: ['Invalid cursor'] } });
}

function encode(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode<S extends z.ZodType>(schema: S, cursor: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** The cursor that continues after `last` in `sort` order. */
export function encodeMarketplaceCursor(sort: MarketplaceSort, last: ChipWithUsers): string {
  return sort === 'newest'
    ? encode(['n', last.createdAtKey, last.chip.id])
    : encode([sort === 'price_asc' ? 'pa' : 'pd', last.chip.priceCents ?? 0, last.chip.id]);
}

export function decodeMarketplaceCursor(sort: MarketplaceSort, cursor: string): MarketplaceCursor {
  if (sort === 'newest') {
    const [, createdAt, id] = decode(NewestCursorSchema, cursor);
    return { sort, createdAt, id };
  }
  const schema = sort === 'price_asc' ? PriceAscCursorSchema : PriceDescCursorSchema;
  const [, priceCents, id] = decode(schema, cursor);
  return { sort, priceCents, id };
}

export function encodeGalleryCursor(last: ChipWithUsers): string {
  return encode(['g', last.createdAtKey, last.chip.id]);
}

export function decodeGalleryCursor(cursor: string): { createdAt: string; id: number } {
  const [, createdAt, id] = decode(GalleryCursorSchema, cursor);
  return { createdAt, id };
}
