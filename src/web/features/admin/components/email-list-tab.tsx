import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { SUBSCRIPTION_STATUS_LABELS } from '#shared/admin.schemas.ts';
import {
  SUBSCRIPTION_STATUSES,
  UpdateEmailSubscriptionInputSchema,
  type EmailSubscription,
  type UpdateEmailSubscriptionInput,
} from '#shared/subscriptions.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSubscriptions } from '../api/list-subscriptions.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import { useDeleteSubscription } from '../api/delete-subscription.ts';
import { downloadSubscriptionsCsv } from '../api/export-subscriptions.ts';
import {
  AdminTable,
  ConfirmDialog,
  ListState,
  LoadMore,
  SelectField,
  TD,
  TH,
  formatDateTime,
} from './admin-ui.tsx';

const TONES = { confirmed: 'green', not_confirmed: 'yellow', unsubscribed: 'gray' } as const;

/** Email list: filter by status, edit, delete (confirmed), export CSV. */
export function EmailListTab() {
  const [status, setStatus] = useState('');
  const query = useSubscriptions(status);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const [editing, setEditing] = useState<EmailSubscription | null>(null);
  const [deleting, setDeleting] = useState<EmailSubscription | null>(null);
  const remove = useDeleteSubscription();
  const toast = useToast();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Subscription Deleted', description: `${deleting.email} was removed from the list.` });
      setDeleting(null);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to delete email subscription'),
        variant: 'destructive',
      });
    }
  };

  const exportCsv = async () => {
    try {
      await downloadSubscriptionsCsv(status);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to fetch email subscriptions'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-gray-900">Email List</h2>
        <Button variant="secondary" onClick={() => void exportCsv()}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </Button>
      </div>
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        className="max-w-xs"
      >
        <option value="">All</option>
        {SUBSCRIPTION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {SUBSCRIPTION_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch email subscriptions"
        isEmpty={rows.length === 0}
        emptyText="No subscriptions."
      >
        <AdminTable caption="Email subscriptions">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Email</th>
              <th className={TH}>Status</th>
              <th className={TH}>Signed up</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((s) => (
              <tr key={s.id}>
                <td className={TD}>{s.email}</td>
                <td className={TD}>
                  <Badge tone={TONES[s.status]}>{SUBSCRIPTION_STATUS_LABELS[s.status]}</Badge>
                </td>
                <td className={TD}>{formatDateTime(s.createdAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(s)}
                    aria-label={`Edit ${s.email}`}
                  >
                    Edit
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setDeleting(s)}
                    aria-label={`Delete ${s.email}`}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <LoadMore {...query} />
      </ListState>
      <SubscriptionDialog subscription={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Subscription"
        description={`Are you sure you want to delete ${deleting?.email ?? 'this subscription'}? This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/** Spec §2 subscription edit form: email (required), status select, 'Save Changes' / 'Saving...'. */
function SubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: EmailSubscription | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={subscription !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Subscription"
    >
      {subscription && <SubscriptionForm subscription={subscription} onClose={onClose} />}
    </Dialog>
  );
}

function SubscriptionForm({
  subscription,
  onClose,
}: {
  subscription: EmailSubscription;
  onClose: () => void;
}) {
  const update = useUpdateSubscription();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateEmailSubscriptionInput>({
    resolver: zodResolver(UpdateEmailSubscriptionInputSchema),
    defaultValues: { email: subscription.email, status: subscription.status },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: subscription.id, input });
      toast({ title: 'Subscription Updated', description: `${input.email} was saved.` });
      onClose();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update email subscription'),
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
      <TextField label="Email" type="email" required error={errors.email?.message} {...register('email')} />
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        {SUBSCRIPTION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {SUBSCRIPTION_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
