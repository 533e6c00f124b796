import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';

/** Loading rows, the spec's error message, or the empty text for a list; then the list itself. */
export function ListState({
  isPending,
  error,
  errorTitle,
  errorMessage,
  isEmpty,
  emptyText,
  children,
}: {
  isPending: boolean;
  error: unknown;
  errorTitle?: string;
  errorMessage: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <div className="space-y-2" role="status" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        {errorTitle && <p className="font-semibold">{errorTitle}</p>}
        <p>{errorMessage}</p>
      </div>
    );
  }
  if (isEmpty) return <p className="py-6 text-center text-sm text-gray-700">{emptyText}</p>;
  return <>{children}</>;
}

/** "Load more" for keyset-paginated lists. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 text-center">
      <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  error,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT_CLASS}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  className,
  ...props
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={id} type="checkbox" className="h-4 w-4 rounded border-gray-400 text-brand-600" {...props} />
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
    </div>
  );
}

/** Asks before a destructive or money-moving action (spec §5, §8). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy,
  onConfirm,
  variant = 'danger',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  variant?: 'danger' | 'primary' | 'success';
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={isBusy}>
          {isBusy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The shared table, as the admin screens name it. */
export { Table as AdminTable, TD, TH } from '#web/components/ui/table.tsx';

/** A signed amount; money leaving an account is red and keeps its minus sign, so it reads without colour. */
export function SignedAmount({ cents }: { cents: number }) {
  return (
    <span className={cn('font-medium whitespace-nowrap', cents < 0 ? 'text-red-700' : 'text-gray-900')}>
      {formatUsd(cents)}
    </span>
  );
}

/** Local date and time for a list cell. */
export function formatDateTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** The chip's link fields (spec §3 admin chip and media forms), labelled once for every admin form. */
export const CHIP_LINK_FIELDS = [
  ['associatedUrl', 'Associated URL'],
  ['tiktokUrl', 'TikTok URL'],
  ['youtubeUrl', 'YouTube URL'],
  ['instagramUrl', 'Instagram URL'],
  ['xUrl', 'X URL'],
] as const;
