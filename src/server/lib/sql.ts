/** ILIKE pattern matching `text` literally anywhere: escapes the wildcards, so "a_b" finds that text, not "a?b". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True for a PostgreSQL unique violation (also when wrapped by Drizzle), so a race answers 409, not 500. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
