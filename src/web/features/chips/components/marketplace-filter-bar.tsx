import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Search, X } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CHIP_SHAPES, MARKETPLACE_SORTS } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import type { MarketplaceFilters } from '../api/list-marketplace.ts';
import { type FilterKey, priceFilterError, SORT_LABELS } from '../lib/marketplace-filters.ts';

/** Typing pauses this long before the URL (and so the list) follows the search box. */
const SEARCH_DEBOUNCE_MS = 350;

type TextKey = 'q' | 'creator' | 'minPrice' | 'maxPrice';

/** Sets (or with undefined removes) several URL filters at once; `typing` names the field being typed in. */
export type ChangeFilters = (
  changes: Partial<Record<FilterKey, string | undefined>>,
  options?: { typing?: FilterKey },
) => void;

type MarketplaceFilterBarProps = {
  filters: MarketplaceFilters;
  onChange: ChangeFilters;
  onClear: () => void;
  hasFilters: boolean;
  /** Which fields: all six, the search box alone (phones), or the five beside it (the phone sheet). */
  fields?: 'all' | 'search' | 'refine';
  /** One compact row (desktop bar) or fields stacked (the phone sheet). */
  layout?: 'bar' | 'stack';
  /** Called after the form was submitted (the sheet closes then). */
  onSubmitted?: () => void;
};

/**
 * A text filter typed locally and written to the URL once typing pauses (or on Enter). What was typed
 * into the server-rendered field before the page hydrated is kept, not reset to the URL's value.
 */
function useDraft(key: TextKey, urlValue: string, onChange: ChangeFilters, isValid: (v: string) => boolean) {
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
    onChange({ [key]: next || undefined }, { typing: key });
    // Only the settled text decides; the URL value and callbacks are read fresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [draft, setDraft, ref] as const;
}

const BAR_LABEL = 'mb-1 block text-xs font-medium text-gray-800';
const STACK_LABEL = 'mb-1 block text-sm font-medium text-gray-800';

/**
 * Search box, shape, price range, creator and sort of the marketplace, kept in the URL query: one
 * compact row on desktop; on phones the search box alone, the rest in a sheet (MarketplaceFilters).
 */
export function MarketplaceFilterBar({
  filters,
  onChange,
  onClear,
  hasFilters,
  fields = 'all',
  layout = 'bar',
  onSubmitted,
}: MarketplaceFilterBarProps) {
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
  const showSearch = fields !== 'refine';
  const showRefine = fields !== 'search';
  const isBar = layout === 'bar';
  const label = isBar ? BAR_LABEL : STACK_LABEL;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Partial<Record<FilterKey, string | undefined>> = {};
    if (showSearch) changes.q = q.trim() || undefined;
    if (showRefine) {
      changes.creator = creator.trim() || undefined;
      if (!minError) changes.minPrice = minPrice.trim() || undefined;
      if (!priceFilterError(maxPrice)) changes.maxPrice = maxPrice.trim() || undefined;
    }
    onChange(changes);
    onSubmitted?.();
  };

  const searchField = (
    <div className={cn('relative min-w-0', fields === 'search' ? 'flex-1' : isBar && 'flex-[2_1_14rem]')}>
      <label htmlFor={`${id}-q`} className={fields === 'search' ? 'sr-only' : label}>
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
  );

  const fieldClass = isBar ? 'min-w-0' : '';
  const refineFields = (
    <>
      <div className={cn(fieldClass, isBar && 'flex-[1_1_7rem]')}>
        <label htmlFor={`${id}-shape`} className={label}>
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
      <div className={cn(isBar ? 'flex min-w-0 flex-[1_1_12rem] gap-2' : 'grid grid-cols-2 gap-3')}>
        <PriceField
          id={`${id}-min`}
          label="Min price (USD)"
          labelClass={label}
          ref={minPriceRef}
          name="minPrice"
          value={minPrice}
          onChange={setMinPrice}
          error={minError}
          placeholder="0.00"
        />
        <PriceField
          id={`${id}-max`}
          label="Max price (USD)"
          labelClass={label}
          ref={maxPriceRef}
          name="maxPrice"
          value={maxPrice}
          onChange={setMaxPrice}
          error={maxError}
          placeholder="Any"
        />
      </div>
      <div className={cn(fieldClass, isBar && 'flex-[1_1_9rem]')}>
        <label htmlFor={`${id}-creator`} className={label}>
          Creator
        </label>
        <input
          id={`${id}-creator`}
          ref={creatorRef}
          name="creator"
          value={creator}
          onChange={(e) => setCreator(e.target.value)}
          placeholder="Part of a username"
          maxLength={50}
          autoComplete="off"
          className={INPUT_CLASS}
        />
      </div>
      <div className={cn(fieldClass, isBar && 'flex-[1_1_10rem]')}>
        <label htmlFor={`${id}-sort`} className={label}>
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
    </>
  );

  return (
    // Named fields and a GET action: before the page hydrates (or without JavaScript) the search
    // still works, as a plain form the server renders the results of.
    <form
      role="search"
      aria-label={fields === 'refine' ? `Filter ${BRAND.plural}` : `Search ${BRAND.plural}`}
      action={ROUTES.marketplace}
      method="get"
      onSubmit={submit}
      className={cn(
        isBar ? 'flex items-end gap-x-3 gap-y-2' : 'space-y-4',
        isBar && fields !== 'search' && 'flex-wrap',
      )}
    >
      {showSearch && searchField}
      {showRefine && refineFields}
      {/* Hidden fields keep the other filters when the search box alone is submitted without JavaScript. */}
      {fields === 'search' &&
        (['shape', 'minPrice', 'maxPrice', 'creator', 'sort'] as const).map((key) =>
          filters[key] && !(key === 'sort' && filters.sort === 'newest') ? (
            <input key={key} type="hidden" name={key} value={filters[key]} />
          ) : null,
        )}
      <div className={cn('flex items-center gap-2', !isBar && 'flex-wrap')}>
        {fields === 'search' ? (
          <Button type="submit" aria-label="Search" className="px-3">
            <Search className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : (
          <Button type="submit">{fields === 'refine' ? 'Show results' : 'Search'}</Button>
        )}
        {hasFilters && fields !== 'search' && (
          <Button variant="ghost" onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

type PriceFieldProps = {
  id: string;
  label: string;
  labelClass: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  placeholder: string;
  ref: Ref<HTMLInputElement>;
};

function PriceField({
  id,
  label,
  labelClass,
  name,
  value,
  onChange,
  error,
  placeholder,
  ref,
}: PriceFieldProps) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        name={name}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(INPUT_CLASS, error && 'border-red-600')}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
