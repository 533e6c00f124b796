import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import type { MarketplaceFilters } from '../api/list-marketplace.ts';
import { countRefinements } from '../lib/marketplace-filters.ts';
import { type ChangeFilters, MarketplaceFilterBar } from './marketplace-filter-bar.tsx';

type MarketplaceFilterSheetProps = {
  filters: MarketplaceFilters;
  onChange: ChangeFilters;
  onClear: () => void;
  hasFilters: boolean;
};

/**
 * Phones: a Filters button with the number of filters in use, opening shape, price, creator and sort
 * in a sheet. They apply as they change (and stay in the URL); "Show results" closes the sheet.
 */
export function MarketplaceFilterSheet({
  filters,
  onChange,
  onClear,
  hasFilters,
}: MarketplaceFilterSheetProps) {
  const [open, setOpen] = useState(false);
  const count = countRefinements(filters);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title={`Filter ${BRAND.plural}`}
      description="Changes apply as you make them."
      trigger={
        <Button variant="secondary" aria-label={count > 0 ? `Filters (${count} in use)` : 'Filters'}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
          {count > 0 && (
            <span
              aria-hidden="true"
              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
            >
              {count}
            </span>
          )}
        </Button>
      }
    >
      <MarketplaceFilterBar
        filters={filters}
        onChange={onChange}
        onClear={onClear}
        hasFilters={hasFilters}
        fields="refine"
        layout="stack"
        onSubmitted={() => setOpen(false)}
      />
    </Sheet>
  );
}
