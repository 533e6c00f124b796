import { useState } from 'react';
import { TextField } from '#web/components/ui/field.tsx';
import { useAuditLog, type AuditFilter } from '../api/list-audit.ts';
import { AdminTable, ListState, LoadMore, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';

const ENTITIES = [
  'customer',
  'chip',
  'order',
  'user',
  'email_subscription',
  'contact_message',
  'site_settings',
];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-gray-700">—</span>;
  return (
    <pre className="max-w-xs overflow-x-auto text-xs whitespace-pre-wrap text-gray-900">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/** Audit log: every admin change, newest first, by entity or admin. */
export function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>({ entity: '', adminId: '' });
  const query = useAuditLog(filter);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Audit Log</h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Entity"
          value={filter.entity}
          onChange={(e) => setFilter((f) => ({ ...f, entity: e.target.value }))}
        >
          <option value="">All</option>
          {ENTITIES.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Admin ID"
          inputMode="numeric"
          value={filter.adminId}
          onChange={(e) => setFilter((f) => ({ ...f, adminId: e.target.value.replace(/\D/g, '') }))}
        />
      </div>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch the audit log"
        isEmpty={rows.length === 0}
        emptyText="No changes recorded."
      >
        <AdminTable caption="Audit log">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>When</th>
              <th className={TH}>Who</th>
              <th className={TH}>What</th>
              <th className={TH}>Before</th>
              <th className={TH}>After</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((e) => (
              <tr key={e.id}>
                <td className={TD}>{formatDateTime(e.createdAt)}</td>
                <td className={TD}>{e.adminUsername ?? (e.adminId === null ? 'system' : `#${e.adminId}`)}</td>
                <td className={TD}>
                  <div className="font-medium">{e.action}</div>
                  <div className="text-xs text-gray-700">
                    {e.entity}
                    {e.entityId ? ` #${e.entityId}` : ''}
                  </div>
                </td>
                <td className={TD}>
                  <Json value={e.before} />
                </td>
                <td className={TD}>
                  <Json value={e.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
    </div>
  );
}
