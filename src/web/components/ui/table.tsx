import type { ReactNode } from 'react';

/**
 * A bordered table that scrolls sideways on small screens, with its caption for screen readers and
 * its column headers. `relative` makes it the containing block of visually hidden (absolutely
 * positioned) header text, which would otherwise escape the scroll box and widen the page. The scroll
 * box is a named region in the tab order, so a keyboard can reach and scroll a table that holds
 * nothing focusable (axe scrollable-region-focusable, serious: the Accounting table on a phone).
 */
export function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  /** Header cells; without them the caller writes its own <thead>. */
  columns?: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {columns && (
          <thead className="bg-gray-50">
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" className={TH}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  );
}

export const TH = 'px-3 py-2 text-xs font-semibold tracking-wide text-gray-700 uppercase';
export const TD = 'px-3 py-2 align-top text-gray-900';
