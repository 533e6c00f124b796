import { useState, type FormEvent } from 'react';
import { useRevealWhenLoaded } from '../lib/use-reveal-when-loaded.ts';
import {
  CASE_KIND_LABELS,
  CASE_OUTCOME_LABELS,
  CASE_STATUS_LABELS,
  CaseDecisionInputSchema,
  type AdminCaseDetail,
  type AdminCaseSummary,
  type CaseOutcome,
} from '#shared/cases.schemas.ts';
import { formatUsd, parseUsdToCents } from '#shared/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAdminCase, useAdminCases, useDecideCase } from '../api/cases.ts';
import { AdminTable, ListState, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';

const FROM_LABELS = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' } as const;

/** The decision: a full refund, a part (in dollars), or a denial, each with the reason both sides read. */
function DecisionForm({ detail }: { detail: AdminCaseDetail }) {
  const decide = useDecideCase();
  const toast = useToast();
  const [outcome, setOutcome] = useState<CaseOutcome>('refund');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let amountCents: number | undefined;
    if (outcome === 'partial_refund') {
      try {
        amountCents = parseUsdToCents(amount.trim());
      } catch {
        setFieldErrors({ amountCents: 'Enter the amount in dollars, like 18.00' });
        return;
      }
    }
    const parsed = CaseDecisionInputSchema.safeParse({
      outcome,
      reason,
      ...(amountCents !== undefined ? { amountCents } : {}),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    try {
      const decided = await decide.mutateAsync({ caseId: detail.id, input: parsed.data });
      toast({ title: `Case #${decided.id}: ${CASE_OUTCOME_LABELS[parsed.data.outcome]}` });
    } catch (err) {
      setError(errorMessage(err, 'The decision failed. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Decision">
      <SelectField
        label="Decision"
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as CaseOutcome)}
      >
        <option value="refund">Refund in full ({formatUsd(detail.order.totalCents)})</option>
        <option value="partial_refund">Refund in part</option>
        <option value="deny">Deny</option>
      </SelectField>
      {outcome === 'partial_refund' && (
        <TextField
          label="Amount to refund (USD)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={`Less than the order's total of ${formatUsd(detail.order.totalCents)}.`}
          error={fieldErrors.amountCents}
        />
      )}
      <TextAreaField
        label="Reason (both sides read it)"
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={fieldErrors.reason}
      />
      <FormAlert>{error}</FormAlert>
      <Button type="submit" disabled={decide.isPending}>
        {decide.isPending ? 'Deciding…' : 'Decide'}
      </Button>
    </form>
  );
}

/** One case: the order, its shipment, the chip's taps, the messages, and the decision form. */
function CaseDetail({ caseId }: { caseId: number }) {
  const query = useAdminCase(caseId);
  const heading = useRevealWhenLoaded<HTMLHeadingElement>(caseId, query.data !== undefined);
  if (query.isPending) return <p className="text-sm text-gray-700">Loading the case…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load the case.
      </p>
    );
  }
  const detail = query.data;
  const { order } = detail;
  return (
    <section
      aria-labelledby="case-detail-title"
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 ref={heading} id="case-detail-title" className="text-lg font-semibold text-gray-900">
        Case #{detail.id}: {CASE_KIND_LABELS[detail.kind]} · {detail.chipTitle ?? `Order #${order.id}`}
      </h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
        <div>
          <dt className="font-medium">Order</dt>
          <dd>
            #{order.id} · {order.status} · {formatUsd(order.totalCents)} ({order.paymentMethod})
          </dd>
        </div>
        <div>
          <dt className="font-medium">People</dt>
          <dd>
            Buyer @{detail.buyerUsername ?? '?'} · Seller @{detail.sellerUsername ?? '?'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Tracking</dt>
          <dd>
            {order.carrier ?? '—'} {order.trackingNumber ?? ''} · shipped {formatDateTime(order.shippedAt)}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Delivery</dt>
          <dd>
            {order.deliveredAt
              ? `${formatDateTime(order.deliveredAt)} (${order.deliveredBy ?? '?'})`
              : 'Not delivered'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Seller&apos;s proceeds</dt>
          <dd>{detail.proceedsHeld ? 'Held while the case is open' : 'Not held'}</dd>
        </div>
        <div>
          <dt className="font-medium">Seller answers by</dt>
          <dd>{formatDateTime(detail.sellerDueAt)}</dd>
        </div>
        {detail.refund && (
          <div>
            <dt className="font-medium">Refund</dt>
            <dd>
              {formatUsd(detail.refund.amountCents)} · {detail.refund.status}
            </dd>
          </div>
        )}
      </dl>
      <div>
        <h4 className="font-medium text-gray-900">Messages</h4>
        <ul className="space-y-2 text-sm text-gray-800">
          {detail.messages.map((m) => (
            <li key={`${m.from}-${m.at}`} className="rounded-md bg-gray-50 p-2">
              <span className="font-medium">{FROM_LABELS[m.from]}</span> · {formatDateTime(m.at)}: {m.body}
            </li>
          ))}
        </ul>
      </div>
      {detail.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {detail.photos.map((p, i) => (
            <li key={p.mediaId}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={`Buyer’s photo ${i + 1}`} className="h-24 w-24 rounded object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div>
        <h4 className="font-medium text-gray-900">Taps of this chip</h4>
        {detail.taps.length === 0 ? (
          <p className="text-sm text-gray-700">No taps recorded.</p>
        ) : (
          <ul className="text-sm text-gray-800">
            {detail.taps.slice(0, 10).map((t) => (
              <li key={t.id}>
                {formatDateTime(t.createdAt)} · {t.status}
                {t.counter !== null ? ` · counter ${t.counter}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      {detail.outcome ? (
        <p className="text-sm text-gray-900">
          Decided: {CASE_OUTCOME_LABELS[detail.outcome]}
          {detail.refundCents !== null ? ` (${formatUsd(detail.refundCents)})` : ''}. {detail.decisionReason}
        </p>
      ) : detail.canDecide ? (
        <DecisionForm detail={detail} />
      ) : (
        <p className="text-sm text-gray-700">
          The seller has until {formatDateTime(detail.sellerDueAt)} to answer; decide after they answer or
          then.
        </p>
      )}
    </section>
  );
}

/** Buyer protection (decision 070): the queue of cases, one case's file, and the decision. */
export function CasesTab() {
  const [status, setStatus] = useState<'open' | 'closed' | 'all'>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const query = useAdminCases(status);
  const rows: AdminCaseSummary[] = query.data ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Cases</h2>
      <p className="text-sm text-gray-700">
        Buyer protection: problems buyers reported with shipped purchases. The seller&apos;s proceeds are held
        while a case is open.
      </p>
      <SelectField
        label="Show"
        className="max-w-xs"
        value={status}
        onChange={(e) => setStatus(e.target.value as 'open' | 'closed' | 'all')}
      >
        <option value="open">Open cases</option>
        <option value="closed">Closed cases</option>
        <option value="all">All cases</option>
      </SelectField>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch the cases"
        isEmpty={rows.length === 0}
        emptyText="No cases here."
      >
        <AdminTable caption="Buyer protection cases">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Case</th>
              <th className={TH}>Problem</th>
              <th className={TH}>Status</th>
              <th className={TH}>Opened</th>
              <th className={TH}>
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={TD}>
                  #{row.id} · {row.chipTitle ?? `Order #${row.orderId}`}
                </td>
                <td className={TD}>{CASE_KIND_LABELS[row.kind]}</td>
                <td className={TD}>
                  <Badge tone={row.canDecide ? 'yellow' : 'gray'}>{CASE_STATUS_LABELS[row.status]}</Badge>
                </td>
                <td className={TD}>{formatDateTime(row.createdAt)}</td>
                <td className={TD}>
                  <Button type="button" size="sm" variant="secondary" onClick={() => setSelected(row.id)}>
                    View case #{row.id}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
      {selected !== null && <CaseDetail caseId={selected} />}
    </div>
  );
}
