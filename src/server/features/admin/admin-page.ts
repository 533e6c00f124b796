/** Turns limit+1 rows into a page: the extra row only says that there is a next page. */
export function pageFrom<R, T extends { id: number }>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: number | null } {
  const hasMore = rows.length > limit;
  const items = (hasMore ? rows.slice(0, limit) : rows).map(map);
  return { items, nextCursor: hasMore ? items[items.length - 1]!.id : null };
}

/** ISO string of a nullable timestamp. */
export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** True for a PostgreSQL unique violation (also when wrapped by Drizzle), so a race answers 409, not 500. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
