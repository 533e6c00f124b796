import { useEffect, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { Plus } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { AdminChip } from '#shared/admin.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useAdminChips, type ChipFilter } from '../api/list-chips.ts';
import { AdminTable, ListState, LoadMore, SelectField, TD, TH } from './admin-ui.tsx';
import { ChipCreateDialog } from './chip-create-dialog.tsx';
import { ChipEditDialog } from './chip-edit-dialog.tsx';

const STATUS_TONES: Record<string, 'green' | 'yellow' | 'gray' | 'blue' | 'red'> = {
  active: 'green',
  pending: 'yellow',
  inactive: 'gray',
  sold: 'blue',
  removed: 'red',
};

/** The admin's words for each status: pending is public and not for sale, removed is a takedown (decision 062). */
const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Not listed yet',
  inactive: 'Inactive',
  sold: 'Sold',
  removed: 'Taken down',
};

/** Artchips: every chip with filters, create any chip, edit any chip. */
export function ChipsTab() {
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ChipFilter>({ q: '', status: '', maker: '', reported: '' });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminChip | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setFilter((f) => (f.q === text.trim() ? f : { ...f, q: text.trim() })),
      300,
    );
    return () => clearTimeout(timer);
  }, [text]);
  const query = useAdminChips(filter);
  const chips = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-gray-900">{BRAND.plural}</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Create {BRAND.name}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={`Search ${BRAND.plural}`}
          placeholder="Title, creator, unit ID or NFC UID"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          label="Status"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value }))}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="pending">Not listed yet</option>
          <option value="inactive">Inactive</option>
          <option value="sold">Sold</option>
          <option value="removed">Taken down</option>
        </SelectField>
        <SelectField
          label="Made by"
          value={filter.maker}
          onChange={(e) => setFilter((f) => ({ ...f, maker: e.target.value }))}
        >
          <option value="">Anyone</option>
          <option value="company">Company</option>
          <option value="customer">Customer</option>
        </SelectField>
        <SelectField
          label="Lost or stolen"
          value={filter.reported ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, reported: e.target.value }))}
        >
          <option value="">Any</option>
          <option value="true">Reported lost or stolen</option>
        </SelectField>
      </div>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage={`Failed to fetch ${BRAND.name}`}
        isEmpty={chips.length === 0}
        emptyText={`No ${BRAND.plural} found.`}
      >
        <AdminTable caption={BRAND.plural}>
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>{BRAND.name}</th>
              <th className={TH}>Creator</th>
              <th className={TH}>Unit ID / NFC</th>
              <th className={TH}>Price</th>
              <th className={TH}>Status</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {chips.map((c) => (
              <tr key={c.id}>
                <td className={TD}>
                  <div className="flex items-center gap-2">
                    {c.imageUrl ? (
                      <img
                        src={c.imageUrl}
                        alt={c.title}
                        width={40}
                        height={40}
                        loading="lazy"
                        className="h-10 w-10 rounded object-cover"
                      />
                    ) : (
                      <span className="h-10 w-10 rounded bg-gray-200" aria-hidden="true" />
                    )}
                    <Link
                      to={ROUTES.chip(c.creatorUsername, c.slug)}
                      className="font-medium text-brand-700 underline"
                    >
                      {c.title}
                    </Link>
                  </div>
                </td>
                <td className={TD}>
                  {c.creatorUsername} <Badge tone={c.maker === 'Company' ? 'brand' : 'gray'}>{c.maker}</Badge>
                </td>
                <td className={`${TD} font-mono text-xs`}>
                  <div>{c.unitId ?? '—'}</div>
                  <div>{c.nfcUid ?? '—'}</div>
                </td>
                <td className={TD}>{c.priceUsd ? `$${c.priceUsd}` : '—'}</td>
                <td className={TD}>
                  <Badge tone={STATUS_TONES[c.status] ?? 'gray'}>{STATUS_LABELS[c.status] ?? c.status}</Badge>
                  {c.reportStatus && (
                    <Badge tone="red" className="ml-1">
                      Reported {c.reportStatus}
                    </Badge>
                  )}
                  <div className="mt-1 text-xs text-gray-700">
                    {c.isActive ? 'Active' : 'Not active'} · {c.isAvailable ? 'Available' : 'Not available'}
                  </div>
                </td>
                <td className={TD}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(c)}
                    aria-label={`Edit ${c.title}`}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
      <ChipCreateDialog open={creating} onOpenChange={setCreating} />
      <ChipEditDialog chip={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
