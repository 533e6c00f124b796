import { useEffect, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { Plus, Search } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import type { AdminCustomerDetail } from '#shared/admin.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useCustomers } from '../api/list-customers.ts';
import { useCustomer } from '../api/get-customer.ts';
import { AdminTable, ListState, LoadMore, TD, TH, formatDateTime } from './admin-ui.tsx';

/** Customers: search by username, e-mail or name, totals, a detail view, and links to the form. */
export function CustomersTab() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [detailId, setDetailId] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const query = useCustomers(q);
  const customers = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-gray-900">Customers</h2>
        <Button asChild>
          <Link to={ROUTES.siteAdminCustomer('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Customer
          </Link>
        </Button>
      </div>
      <form
        role="search"
        onSubmit={(e) => (e.preventDefault(), setQ(input.trim()))}
        className="flex max-w-md items-end gap-2"
      >
        <TextField
          label="Search customers"
          placeholder="Username, email or name"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" aria-label="Search">
          <Search className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorTitle="Error loading customers"
        errorMessage="Failed to fetch customers"
        isEmpty={customers.length === 0}
        emptyText={q ? 'No customers match your search.' : 'No customers yet.'}
      >
        <AdminTable caption="Customers">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Username</th>
              <th className={TH}>Name</th>
              <th className={TH}>Email</th>
              <th className={TH}>Minted</th>
              <th className={TH}>Purchased</th>
              <th className={TH}>Spent</th>
              <th className={TH}>Joined</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {customers.map((c) => (
              <tr key={c.id}>
                <td className={TD}>{c.username}</td>
                <td className={TD}>{[c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}</td>
                <td className={TD}>{c.email}</td>
                <td className={TD}>{c.totalMinted}</td>
                <td className={TD}>{c.totalPurchased}</td>
                <td className={TD}>{formatUsd(c.totalSpentCents)}</td>
                <td className={TD}>{new Date(c.createdAt).toLocaleDateString()}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDetailId(c.id)}
                    aria-label={`View ${c.username}`}
                  >
                    View
                  </Button>
                  <Button size="sm" variant="secondary" asChild>
                    <Link to={ROUTES.siteAdminCustomer(c.id)} aria-label={`Edit ${c.username}`}>
                      Edit
                    </Link>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
      <CustomerDetailDialog id={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}

function CustomerDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isPending, error } = useCustomer(id);
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Customer details"
      className="max-w-2xl"
    >
      {isPending ? (
        <p role="status">Loading customer data...</p>
      ) : error || !data ? (
        <p role="alert" className="text-red-800">
          Failed to fetch customers
        </p>
      ) : (
        <CustomerDetail customer={data} />
      )}
    </Dialog>
  );
}

function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  const chipList = (label: string, chips: AdminCustomerDetail['mintedArtchips']) => (
    <section>
      <h3 className="font-semibold text-gray-900">
        {label} ({chips.length})
      </h3>
      {chips.length === 0 ? (
        <p className="text-sm text-gray-700">None.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {chips.map((c) => (
            <li key={c.id} className="flex items-center gap-3 text-sm">
              {c.imageUrl ? (
                <img
                  src={c.imageUrl}
                  alt={c.title}
                  width={40}
                  height={40}
                  className="h-10 w-10 rounded object-cover"
                />
              ) : (
                <span className="h-10 w-10 rounded bg-gray-200" aria-hidden="true" />
              )}
              <span className="flex-1">
                <Link
                  className="font-medium text-brand-700 underline"
                  to={ROUTES.chip(c.creatorUsername, c.slug)}
                >
                  {c.title}
                </Link>{' '}
                by {c.creatorUsername}
              </span>
              <span>{c.priceUsd ? `$${c.priceUsd}` : 'Unpriced'}</span>
              <span className="capitalize">{c.status}</span>
              <span>{c.shippingOption === 'ship' ? 'Shipped' : 'Vault'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="space-y-4 text-sm text-gray-900">
      <dl className="grid grid-cols-2 gap-2">
        <dt className="font-medium text-gray-700">Username</dt>
        <dd>{customer.username}</dd>
        <dt className="font-medium text-gray-700">Name</dt>
        <dd>{[customer.firstName, customer.lastName].filter(Boolean).join(' ') || '—'}</dd>
        <dt className="font-medium text-gray-700">Email</dt>
        <dd>{customer.email}</dd>
        <dt className="font-medium text-gray-700">Phone</dt>
        <dd>{customer.phone ?? '—'}</dd>
        <dt className="font-medium text-gray-700">PayPal email</dt>
        <dd>{customer.paypalEmail ?? '—'}</dd>
        <dt className="font-medium text-gray-700">Affiliate code</dt>
        <dd>{customer.affiliateCode}</dd>
        <dt className="font-medium text-gray-700">Email verified</dt>
        <dd>{customer.isEmailVerified ? 'Yes' : 'No'}</dd>
        <dt className="font-medium text-gray-700">Joined</dt>
        <dd>{formatDateTime(customer.createdAt)}</dd>
      </dl>
      <section>
        <h3 className="font-semibold text-gray-900">Shipping addresses</h3>
        {customer.shippingAddresses.length === 0 ? (
          <p className="text-gray-700">None.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {customer.shippingAddresses.map((a) => (
              <li key={a.id}>
                {a.name}, {a.street}
                {a.addressLine2 ? `, ${a.addressLine2}` : ''}, {a.city}, {a.state} {a.postalCode}, {a.country}
                {a.phone ? ` · ${a.phone}` : ''}
                {a.isDefault ? ' (default)' : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      {chipList(`Minted ${BRAND.plural}`, customer.mintedArtchips)}
      {chipList(`Purchased ${BRAND.plural}`, customer.purchasedArtchips)}
      <Button asChild variant="secondary">
        <Link to={ROUTES.siteAdminCustomer(customer.id)}>Edit customer</Link>
      </Button>
    </div>
  );
}
