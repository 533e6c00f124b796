import { useState, type FormEvent } from 'react';
import { useRevealWhenLoaded } from '../lib/use-reveal-when-loaded.ts';
import type { DisputeFile, DisputeStatus } from '#shared/disputes.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAdminDispute, useAdminDisputes, useSubmitDisputeEvidence } from '../api/disputes.ts';
import { AdminTable, ListState, TD, TH, formatDateTime } from './admin-ui.tsx';

const STATUS_LABELS: Record<DisputeStatus, string> = {
  needs_response: 'Needs a response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
};

/** The evidence sent to Stripe and submitted (decision 076). */
function EvidenceForm({ file }: { file: DisputeFile }) {
  const submit = useSubmitDisputeEvidence();
  const toast = useToast();
  const [text, setText] = useState('');
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await submit.mutateAsync({
        disputeId: file.dispute.id,
        evidence: {
          uncategorizedText: text.trim() || undefined,
          shippingTrackingNumber: tracking.trim() || undefined,
          customerEmailAddress: file.buyer.email,
        },
      });
      toast({ title: `Evidence for order #${file.order.id} sent to Stripe` });
    } catch (err) {
      setError(errorMessage(err, 'The evidence could not be sent. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void send(e)} className="space-y-3" aria-label="Evidence">
      <TextAreaField
        label="What the platform knows (sent to Stripe)"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <TextField
        label="Shipping tracking number (if shipped)"
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
      />
      <FormAlert>{error}</FormAlert>
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Submit evidence'}
      </Button>
    </form>
  );
}

/** One dispute's file: the order, payment, custody, the chip's moves and taps, the buyer's sign-ins. */
function DisputeDetail({ disputeId }: { disputeId: number }) {
  const query = useAdminDispute(disputeId);
  const heading = useRevealWhenLoaded<HTMLHeadingElement>(disputeId, query.data !== undefined);
  if (query.isPending) return <p className="text-sm text-gray-700">Loading the dispute…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load the dispute.
      </p>
    );
  }
  const file = query.data;
  const { dispute, order, buyer, chip } = file;
  return (
    <section
      aria-labelledby="dispute-detail-title"
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 ref={heading} id="dispute-detail-title" className="text-lg font-semibold text-gray-900">
        Dispute of order #{order.id} · {chip?.title ?? order.orderType}
      </h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
        <div>
          <dt className="font-medium">Dispute</dt>
          <dd>
            {dispute.provider} {dispute.providerDisputeId} · {STATUS_LABELS[dispute.status]} ·{' '}
            {formatUsd(dispute.amountCents)} · {dispute.reason ?? 'no reason given'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Evidence due</dt>
          <dd>
            {formatDateTime(dispute.evidenceDueBy)}
            {dispute.evidenceSubmittedAt ? ` · sent ${formatDateTime(dispute.evidenceSubmittedAt)}` : ''}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Order</dt>
          <dd>
            #{order.id} · {order.status} · {order.paymentStatus} · {formatUsd(order.totalCents)} (
            {order.paymentMethod}) · paid {formatDateTime(order.paidAt)}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Buyer</dt>
          <dd>
            @{buyer.username} · {buyer.email} · since {formatDateTime(buyer.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Custody</dt>
          <dd>
            {chip
              ? `${chip.custody}${chip.ownedByBuyer ? ', the buyer’s' : ', sold on'}${chip.frozen ? ', frozen' : ''}`
              : 'No chip'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Seller&apos;s proceeds</dt>
          <dd>{file.heldProceeds ? 'Held while the dispute is open' : 'Not held'}</dd>
        </div>
      </dl>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <h4 className="font-medium text-gray-900">Chip history and taps</h4>
          <ul className="text-sm text-gray-800">
            {file.chipEvents.slice(-10).map((e) => (
              <li key={`${e.type}-${e.at}`}>
                {formatDateTime(e.at)} · {e.type}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-medium text-gray-900">Buyer&apos;s sign-ins</h4>
          {file.signIns.length === 0 ? (
            <p className="text-sm text-gray-700">None recorded.</p>
          ) : (
            <ul className="text-sm text-gray-800">
              {file.signIns.map((s) => (
                <li key={s.at}>
                  {formatDateTime(s.at)} · last used {formatDateTime(s.lastUsedAt)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="font-medium text-gray-900">Payment signals</h4>
          <ul className="text-sm text-gray-800">
            {file.paymentEvents.map((e) => (
              <li key={`${e.type}-${e.at}`}>
                {formatDateTime(e.at)} · {e.type} · {e.outcome ?? '—'}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {file.canSubmitEvidence ? (
        <EvidenceForm file={file} />
      ) : (
        <p className="text-sm text-gray-700">
          {dispute.closedAt
            ? `Closed ${formatDateTime(dispute.closedAt)}.`
            : `Answer this ${dispute.provider} dispute at ${dispute.provider}.`}
        </p>
      )}
    </section>
  );
}

/** Card and PayPal disputes (decision 076): the open queue, one dispute's file, and the evidence. */
export function DisputesTab() {
  const [selected, setSelected] = useState<number | null>(null);
  const query = useAdminDisputes();
  const rows = query.data ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Disputes</h2>
      <p className="text-sm text-gray-700">
        Chargebacks and PayPal disputes. While one is open its chip is frozen and the seller&apos;s proceeds
        are held; a lost one reverses the sale and books the dispute fee.
      </p>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch the disputes"
        isEmpty={rows.length === 0}
        emptyText="No open disputes."
      >
        <AdminTable caption="Open disputes">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Order</th>
              <th className={TH}>Buyer</th>
              <th className={TH}>Amount</th>
              <th className={TH}>Status</th>
              <th className={TH}>Evidence due</th>
              <th className={TH}>
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={TD}>
                  #{row.orderId} · {row.chipTitle ?? 'Order'}
                </td>
                <td className={TD}>@{row.buyerUsername}</td>
                <td className={TD}>{formatUsd(row.amountCents)}</td>
                <td className={TD}>
                  <Badge tone={row.status === 'needs_response' ? 'yellow' : 'blue'}>
                    {STATUS_LABELS[row.status]}
                  </Badge>
                </td>
                <td className={TD}>{formatDateTime(row.evidenceDueBy)}</td>
                <td className={TD}>
                  <Button type="button" size="sm" variant="secondary" onClick={() => setSelected(row.id)}>
                    View dispute of order #{row.orderId}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
      {selected !== null && <DisputeDetail disputeId={selected} />}
    </div>
  );
}
