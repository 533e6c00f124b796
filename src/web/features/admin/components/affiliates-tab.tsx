import { useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import type { AffiliateStats } from '#shared/affiliates.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAffiliateStats } from '../api/get-affiliate-stats.ts';
import { useAffiliateSummary } from '../api/get-affiliate-summary.ts';
import { useCommissions } from '../api/list-commissions.ts';
import { usePayOutAffiliate } from '../api/pay-out-affiliate.ts';
import { AdminTable, ConfirmDialog, ListState, TD, TH, formatDateTime } from './admin-ui.tsx';

/** Affiliates: totals, per-affiliate stats, their commissions, and a confirmed payout. */
export function AffiliatesTab() {
  const stats = useAffiliateStats();
  const summary = useAffiliateSummary();
  const [viewing, setViewing] = useState<AffiliateStats | null>(null);
  const [paying, setPaying] = useState<AffiliateStats | null>(null);
  const [txReference, setTxReference] = useState('');
  const payout = usePayOutAffiliate();
  const toast = useToast();

  const confirmPayout = async () => {
    if (!paying) return;
    try {
      const result = await payout.mutateAsync({ userId: paying.userId, txReference: txReference.trim() });
      toast({
        title: 'Payout Complete',
        description: `${formatUsd(result.amountCents)} paid to ${paying.username} (${result.commissionCount} commissions).`,
      });
      setPaying(null);
      setTxReference('');
    } catch (err) {
      toast({
        title: 'Payout Failed',
        description: errorMessage(err, 'Failed to pay out affiliate'),
        variant: 'destructive',
      });
    }
  };

  const rows = stats.data ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Affiliates</h2>
      {summary.data && (
        <dl className="grid gap-3 sm:grid-cols-3">
          <div className="rounded-md bg-gray-50 p-3">
            <dt className="text-sm text-gray-700">Total commissions</dt>
            <dd className="text-lg font-semibold text-gray-900">
              {formatUsd(summary.data.totalCommissionsCents)}
            </dd>
          </div>
          <div className="rounded-md bg-gray-50 p-3">
            <dt className="text-sm text-gray-700">Total payouts</dt>
            <dd className="text-lg font-semibold text-gray-900">
              {formatUsd(summary.data.totalPayoutsCents)}
            </dd>
          </div>
          <div className="rounded-md bg-gray-50 p-3">
            <dt className="text-sm text-gray-700">Active affiliates</dt>
            <dd className="text-lg font-semibold text-gray-900">{summary.data.activeAffiliates}</dd>
          </div>
        </dl>
      )}
      <ListState
        isPending={stats.isPending}
        error={stats.error}
        errorMessage="Failed to fetch affiliate stats"
        isEmpty={rows.length === 0}
        emptyText="No affiliates yet."
      >
        <AdminTable caption="Affiliates">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Affiliate</th>
              <th className={TH}>Code</th>
              <th className={TH}>Referrals</th>
              <th className={TH}>Pending</th>
              <th className={TH}>Paid</th>
              <th className={TH}>Total</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((a) => (
              <tr key={a.userId}>
                <td className={TD}>
                  <div>{a.username}</div>
                  <div className="text-xs text-gray-700">{a.email}</div>
                </td>
                <td className={`${TD} font-mono`}>{a.affiliateCode}</td>
                <td className={TD}>{a.referralCount}</td>
                <td className={TD}>{formatUsd(a.pendingCommissionsCents)}</td>
                <td className={TD}>{formatUsd(a.paidCommissionsCents)}</td>
                <td className={TD}>
                  {formatUsd(a.totalCommissionsCents)}{' '}
                  <span className="text-xs text-gray-700">({a.commissionCount})</span>
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setViewing(a)}
                    aria-label={`Commissions of ${a.username}`}
                  >
                    Commissions
                  </Button>
                  <Button
                    size="sm"
                    variant="success"
                    disabled={a.pendingCommissionsCents === 0}
                    onClick={() => setPaying(a)}
                    aria-label={`Pay out ${a.username}`}
                  >
                    Pay Out
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
      <CommissionsDialog affiliate={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title="Confirm Payout"
        description={
          paying
            ? `Pay ${paying.username} ${formatUsd(paying.pendingCommissionsCents)} in the token? All pending commissions will be marked paid.`
            : ''
        }
        confirmLabel="Confirm Payout"
        busyLabel="Paying..."
        isBusy={payout.isPending}
        onConfirm={() => void confirmPayout()}
        variant="success"
      >
        <TextField
          label="Transaction reference (optional)"
          value={txReference}
          onChange={(e) => setTxReference(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}

function CommissionsDialog({
  affiliate,
  onClose,
}: {
  affiliate: AffiliateStats | null;
  onClose: () => void;
}) {
  const { data, isPending, error } = useCommissions(affiliate?.userId ?? null);
  return (
    <Dialog
      open={affiliate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Commissions of ${affiliate?.username ?? ''}`}
      className="max-w-3xl"
    >
      <ListState
        isPending={isPending}
        error={error}
        errorMessage="Failed to fetch affiliate stats"
        isEmpty={(data ?? []).length === 0}
        emptyText="No commissions."
      >
        <AdminTable caption="Commissions">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Order</th>
              <th className={TH}>From</th>
              <th className={TH}>Level</th>
              <th className={TH}>Base</th>
              <th className={TH}>Rate</th>
              <th className={TH}>Amount</th>
              <th className={TH}>Status</th>
              <th className={TH}>Date</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {(data ?? []).map((c) => (
              <tr key={c.id}>
                <td className={TD}>#{c.orderId}</td>
                <td className={TD}>{c.sourceUsername}</td>
                <td className={TD}>{c.commissionLevel}</td>
                <td className={TD}>{formatUsd(c.baseAmountCents)}</td>
                <td className={TD}>{c.commissionRate}%</td>
                <td className={TD}>{formatUsd(c.commissionAmountCents)}</td>
                <td className={TD}>
                  <Badge tone={c.status === 'paid' ? 'green' : 'yellow'}>{c.status}</Badge>
                </td>
                <td className={TD}>{formatDateTime(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
    </Dialog>
  );
}
