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
