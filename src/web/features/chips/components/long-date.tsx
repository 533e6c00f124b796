import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { formatLongDate } from '../lib/chip-format.ts';

/**
 * A `<time>` with a long date ("January 5, 2025"): in UTC while the page hydrates, then in the
 * visitor's own zone. A leaf of its own, so the render that switches the zone (synchronous, right
 * after hydration) renders only these dates again, not the whole page around them.
 */
export function LongDate({ iso }: { iso: string }) {
  const timeZone = useDisplayTimeZone();
  return <time dateTime={iso}>{formatLongDate(iso, timeZone)}</time>;
}
