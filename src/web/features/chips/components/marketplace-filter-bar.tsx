import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CHIP_SHAPES, MARKETPLACE_SORTS } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { INPUT_CLASS, TextField } from '#web/components/ui/field.tsx';
import type { MarketplaceFilters } from '../api/list-marketplace.ts';
import { type FilterKey, priceFilterError, SORT_LABELS } from '../lib/marketplace-filters.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Typing pauses this long before the URL (and so the list) follows the search box. */
export const SEARCH_DEBOUNCE_MS = 350;

type TextKey = 'q' | 'creator' | 'minPrice' | 'maxPrice';

type MarketplaceFilterBarProps = {
  filters: MarketplaceFilters;
  /** Sets (or with undefined removes) several URL filters at once. */
  onChange: (changes: Partial<Record<FilterKey, string | undefined>>) => void;
  onClear: () => void;
  hasFilters: boolean;
};

/**
 * A text filter typed locally and written to the URL once typing pauses (or on Enter). What was typed
 * into the server-rendered field before the page hydrated is kept, not reset to the URL's value.
 */
function useDraft(
  key: TextKey,
  urlValue: string,
  onChange: MarketplaceFilterBarProps['onChange'],
  isValid: (v: string) => boolean,
) {
  const [draft, setDraft] = useState(urlValue);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== urlValue) setDraft(typed);
    // Once, at hydration: afterwards the field is controlled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  // Back/forward or "Clear filters" change the URL: the field follows it.
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  if (seenUrlValue !== urlValue) {
    setSeenUrlValue(urlValue);
    if (draft.trim() !== urlValue) setDraft(urlValue);
  }
  useEffect(() => {
    const next = debounced.trim();
    if (next === urlValue.trim() || !isValid(next)) return;
    onChange({ [key]: next || undefined });
    // Only the settled text decides; the URL value and callbacks are read fresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [draft, setDraft, ref] as const;
}

/** Search box, shape, price range, creator and sort of the marketplace, kept in the URL query. */
export function MarketplaceFilterBar({ filters, onChange, onClear, hasFilters }: MarketplaceFilterBarProps) {
  const id = useId();
  const always = () => true;
  const validPrice = (v: string) => priceFilterError(v) === undefined;
  const [q, setQ, qRef] = useDraft('q', filters.q ?? '', onChange, always);
  const [creator, setCreator, creatorRef] = useDraft('creator', filters.creator ?? '', onChange, always);
  const [minPrice, setMinPrice, minPriceRef] = useDraft(
    'minPrice',
    filters.minPrice ?? '',
    onChange,
    validPrice,
  );
  const [maxPrice, setMaxPrice, maxPriceRef] = useDraft(
    'maxPrice',
    filters.maxPrice ?? '',
    onChange,
    validPrice,
  );
  const minError = priceFilterError(minPrice);
  const maxError =
    priceFilterError(maxPrice) ??
    (minPrice && maxPrice && !minError && Number(maxPrice) < Number(minPrice)
      ? 'Maximum price must be at least the minimum'
      : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Partial<Record<FilterKey, string | undefined>> = {
      q: q.trim() || undefined,
      creator: creator.trim() || undefined,
    };
    if (!minError) changes.minPrice = minPrice.trim() || undefined;
    if (!priceFilterError(maxPrice)) changes.maxPrice = maxPrice.trim() || undefined;
    onChange(changes);
  };

  return (
    // Named fields and a GET action: before the page hydrates (or without JavaScript) the search
    // still works, as a plain form the server renders the results of.
    <form
      role="search"
      aria-label={`Search ${BRAND.plural}`}
      action={ROUTES.marketplace}
      method="get"
      onSubmit={submit}
      className="space-y-4"
    >
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-gray-800">
            Search {BRAND.plural}
          </label>
          <Search
            className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-gray-600"
            aria-hidden="true"
          />
          <input
            id={`${id}-q`}
            ref={qRef}
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Title, description or creator"
            maxLength={100}
            autoComplete="off"
            className={`${INPUT_CLASS} pl-9`}
          />
        </div>
        <Button type="submit" className="self-end">
          Search
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-1">
          <label htmlFor={`${id}-shape`} className="block text-sm font-medium text-gray-800">
            Shape
          </label>
          <select
            id={`${id}-shape`}
            name="shape"
            value={filters.shape ?? ''}
            onChange={(e) => onChange({ shape: e.target.value || undefined })}
            className={INPUT_CLASS}
          >
            <option value="">Any shape</option>
            {CHIP_SHAPES.map((shape) => (
              <option key={shape} value={shape}>
                {shape === 'round' ? 'Round' : 'Square'}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Min price (USD)"
          inputMode="decimal"
          ref={minPriceRef}
          name="minPrice"
          value={minPrice}
          onChange={(e) => setMinPrice(e.target.value)}
          error={minError}
          placeholder="0.00"
        />
        <TextField
          label="Max price (USD)"
          inputMode="decimal"
          ref={maxPriceRef}
          name="maxPrice"
          value={maxPrice}
          onChange={(e) => setMaxPrice(e.target.value)}
          error={maxError}
          placeholder="Any"
        />
        <TextField
          label="Creator"
          ref={creatorRef}
          name="creator"
          value={creator}
          onChange={(e) => setCreator(e.target.value)}
          placeholder="username"
          maxLength={50}
          autoComplete="off"
        />
        <div className="space-y-1">
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-gray-800">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
            className={INPUT_CLASS}
          >
            {MARKETPLACE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasFilters && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X className="h-4 w-4" aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </form>
  );
}
