import { useEffect, useRef, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { formatUsd } from '#shared/money.ts';
import type { AdminOrderMoney, LedgerLine } from '#shared/ledger.schemas.ts';
import type { AdminOrderDetail } from '#shared/orders.schemas.ts';
import type { RefundDto } from '#shared/refunds.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useOrderMoney } from '../api/get-order-money.ts';
import { adminCustomerPath } from '../lib/admin-routes.ts';
import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_KIND_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  REFUND_STATUS_TONES,
  PROVIDER_LABELS,
} from '../lib/money-labels.ts';
import { AdminTable, SignedAmount, TD, TH, formatDateTime } from './admin-ui.tsx';
import { RefundOrderDialog } from './refund-order-dialog.tsx';
import { RefundSignatureForm } from './refund-signature-form.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';

/** What the admin is told once a refund is asked for, by where it stands. */
const REFUND_OUTCOMES: Record<RefundDto['status'], string> = {
  requested: 'The refund is queued and will be sent shortly.',
  processing: 'The refund is being sent.',
  pending: 'The provider accepted the refund and will settle it.',
  succeeded: "The buyer's money is on its way back.",
  manual: 'Send the refund by hand, then record its transaction signature below.',
  failed: 'The provider refused the refund; it will be retried.',
};

/**
 * The order page's Money section: the cash the provider still holds, the order's refunds (with the
 * form for a token refund sent by hand), every ledger line, and Refund when order.actions allows it.
 */
export function OrderMoneySection({ order }: { order: AdminOrderDetail }) {
  const money = useOrderMoney(order.id);
  const toast = useToast();
  const [isRefunding, setIsRefunding] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  // Refund opens the dialog from a plain button; once refunded the button goes away, so focus goes
  // back to the button if it is still there, else to the section's heading.
  useEffect(() => {
    const target = returnFocusRef.current;
    if (isRefunding || !target) return;
    returnFocusRef.current = null;
    const timer = window.setTimeout(() => (target.isConnected ? target : headingRef.current)?.focus());
    return () => window.clearTimeout(timer);
  }, [isRefunding]);

  const onRefunded = (refund: RefundDto) => {
    toast({ title: 'Refund Started', description: REFUND_OUTCOMES[refund.status] });
    setIsRefunding(false);
  };

  const onRecorded = () => {
    toast({ title: 'Refund Recorded', description: 'The refund is recorded with its transaction.' });
    headingRef.current?.focus();
  };

  return (
    <section
      aria-labelledby="order-money"
      className="min-w-0 space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="order-money"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 focus:outline-none"
        >
          Money
        </h2>
        {order.actions.refund && (
          <Button
            size="sm"
            variant="danger"
            onClick={(e) => {
              returnFocusRef.current = e.currentTarget;
              setIsRefunding(true);
            }}
          >
            Refund
          </Button>
        )}
      </div>
      {money.isPending ? (
        <div role="status" aria-label="Loading money" className="space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : money.isError ? (
        <FormAlert>Failed to load the order&apos;s money. Please try again.</FormAlert>
      ) : (
        <MoneyDetails order={order} money={money.data} onRecorded={onRecorded} />
      )}
      <RefundOrderDialog
        order={order}
        open={isRefunding}
        onClose={() => setIsRefunding(false)}
        onRefunded={onRefunded}
      />
    </section>
  );
}

function MoneyDetails({
  order,
  money,
  onRecorded,
}: {
  order: AdminOrderDetail;
  money: AdminOrderMoney;
  onRecorded: (refund: RefundDto) => void;
}) {
  return (
    <>
      <p className="text-sm text-gray-800">
        Cash held for this order (captured less refunded):{' '}
        <strong>
          <SignedAmount cents={money.netCashCents} />
        </strong>
      </p>
      {money.refunds.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-gray-900">Refunds</h3>
          <ul className="space-y-3">
            {money.refunds.map((refund) => (
              <RefundItem key={refund.id} refund={refund} onRecorded={onRecorded} />
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="font-semibold text-gray-900">Ledger</h3>
        {money.lines.length === 0 ? (
          <p className="text-sm text-gray-800">No money has moved for this order yet.</p>
        ) : (
          <LedgerTable order={order} lines={money.lines} />
        )}
      </div>
    </>
  );
}

function RefundItem({ refund, onRecorded }: { refund: RefundDto; onRecorded: (refund: RefundDto) => void }) {
  return (
    <li
      aria-label={`Refund #${refund.id}`}
      className="space-y-2 rounded-md border border-gray-200 p-3 text-sm text-gray-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{formatUsd(refund.amountCents)}</span>
        <Badge tone={REFUND_STATUS_TONES[refund.status]}>{REFUND_STATUS_LABELS[refund.status]}</Badge>
        <span className="text-gray-700">
          {PROVIDER_LABELS[refund.provider]} ·{' '}
          <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
        </span>
      </div>
      <p className="break-words">
        {REFUND_REASON_LABELS[refund.reason]}
        {refund.note && <>: {refund.note}</>}
      </p>
      {refund.providerReference && (
        <p>
          Reference: <span className="font-mono break-all">{refund.providerReference}</span>
        </p>
      )}
      {refund.failureMessage && (
        <p className="break-words text-red-800">
          <span className="font-semibold">Failure:</span> {refund.failureMessage}
        </p>
      )}
      {refund.completedAt && (
        <p className="text-gray-700">
          Completed <time dateTime={refund.completedAt}>{formatDateTime(refund.completedAt)}</time>
        </p>
      )}
      {refund.status === 'manual' && <RefundSignatureForm refund={refund} onRecorded={onRecorded} />}
    </li>
  );
}

/** Who a line is about: the buyer by name, anyone else by their customer page. */
function Who({ order, userId }: { order: AdminOrderDetail; userId: number | null }) {
  if (userId === null) return <span className="text-gray-700">—</span>;
  return (
    <Link
      to={adminCustomerPath(userId)}
      className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {userId === order.buyerId ? `@${order.username}` : `User #${userId}`}
    </Link>
  );
}

function LedgerTable({ order, lines }: { order: AdminOrderDetail; lines: LedgerLine[] }) {
  return (
    <AdminTable caption="Ledger lines">
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Account
          </th>
          <th scope="col" className={TH}>
            Kind
          </th>
          <th scope="col" className={TH}>
            Who
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Amount
          </th>
          <th scope="col" className={TH}>
            When
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {lines.map((line) => (
          <tr key={line.id}>
            <td className={`${TD} whitespace-nowrap`}>{LEDGER_ACCOUNT_LABELS[line.account]}</td>
            <td className={TD}>
              <div>{LEDGER_KIND_LABELS[line.kind]}</div>
              {line.reason && <div className="text-xs break-words text-gray-700">{line.reason}</div>}
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              <Who order={order} userId={line.userId} />
            </td>
            <td className={`${TD} text-right`}>
              <SignedAmount cents={line.amountCents} />
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
