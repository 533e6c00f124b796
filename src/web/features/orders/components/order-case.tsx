import { useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import {
  CASE_KIND_LABELS,
  CASE_OUTCOME_LABELS,
  CASE_STATUS_LABELS,
  MAX_CASE_PHOTOS,
  OpenCaseFieldsSchema,
  type Case,
  type CaseKind,
} from '#shared/cases.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMyCases, useOpenCase } from '../api/my-cases.ts';
import { formatOrderDate } from '../lib/order-format.ts';

const OPEN_FAILED_MESSAGE = 'We could not open your case. Please try again.';

/** A case on the buyer's order: where it stands and, once decided, the decision in words. */
function CaseStatus({ report }: { report: Case }) {
  return (
    <section
      aria-label={`Case #${report.id}`}
      className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-gray-900"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Problem reported: {CASE_KIND_LABELS[report.kind]}</span>
        <Badge tone={report.status === 'closed' ? 'gray' : 'yellow'}>
          {CASE_STATUS_LABELS[report.status]}
        </Badge>
      </p>
      {report.status === 'awaiting_seller' && (
        <p>The seller has until {formatOrderDate(report.sellerDueAt)} to answer; then we decide.</p>
      )}
      {report.sellerAnswer && <p>Seller’s answer: “{report.sellerAnswer}”</p>}
      {report.outcome && (
        <p>
          <span className="font-medium">Decision: {CASE_OUTCOME_LABELS[report.outcome]}</span>
          {report.refundCents !== null
            ? ` (${formatUsd(report.refundCents)} back to the way you paid)`
            : ''}. {report.decisionReason}
        </p>
      )}
    </section>
  );
}

/** "Report a problem": the kind, what happened, and up to 4 photos. */
function ReportProblemDialog({
  order,
  kinds,
  until,
  rule,
  open,
  onOpenChange,
}: {
  order: Order;
  kinds: CaseKind[];
  until: string;
  rule: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const title = order.artchipTitle ?? `Order #${order.id}`;
  const [kind, setKind] = useState<CaseKind>(kinds[0]!);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const openCase = useOpenCase();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = OpenCaseFieldsSchema.safeParse({ kind, description });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    if (photos.length > MAX_CASE_PHOTOS) {
      setError(`Add at most ${MAX_CASE_PHOTOS} photos`);
      return;
    }
    try {
      await openCase.mutateAsync({ orderId: order.id, ...parsed.data, photos });
      onOpenChange(false);
      toast({
        title: 'Problem reported',
        description: 'We e-mailed you and the seller. We will e-mail each step.',
      });
    } catch (err) {
      setError(errorMessage(err, OPEN_FAILED_MESSAGE));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report a problem with ${title}`}
      description={`${rule} You can report this order until ${formatOrderDate(until)}.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">What went wrong?</legend>
          {kinds.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="case-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              {CASE_KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="What happened"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          hint={`At least 10 characters. Say what you see; the seller reads it.`}
          error={fieldError}
        />
        <div className="space-y-1">
          <label htmlFor={`case-photos-${order.id}`} className="block text-sm font-medium text-gray-900">
            Photos (up to {MAX_CASE_PHOTOS}, optional)
          </label>
          <input
            id={`case-photos-${order.id}`}
            type="file"
            accept="image/*"
            multiple
            className="block w-full text-sm text-gray-800"
            onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          />
          {photos.length > 0 && (
            <p className="text-sm text-gray-700">
              {photos.length} photo{photos.length === 1 ? '' : 's'} chosen
            </p>
          )}
        </div>
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={openCase.isPending}>
            {openCase.isPending ? 'Sending...' : 'Report the problem'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Buyer protection on a shipped purchase (decision 070): its case, if any, with the decision; or
 * "Report a problem" while the order may be reported.
 */
export function OrderCase({ order }: { order: Order }) {
  const cases = useMyCases();
  const [open, setOpen] = useState(false);
  if (!cases.data) return null;
  const reports = cases.data.asBuyer.filter((c) => c.orderId === order.id);
  const reportable = cases.data.reportable.find((r) => r.orderId === order.id);
  return (
    <div className="space-y-2">
      {reports.map((report) => (
        <CaseStatus key={report.id} report={report} />
      ))}
      {reportable && (
        <>
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Report a problem
          </Button>
          {open && (
            <ReportProblemDialog
              order={order}
              kinds={reportable.kinds}
              until={reportable.until}
              rule={cases.data.rule}
              open={open}
              onOpenChange={setOpen}
            />
          )}
        </>
      )}
      {reportable === undefined && reports.length === 0 && order.status === 'delivered' && (
        <p className="text-sm text-gray-700">
          The window to report a problem with this {BRAND.name} has closed.
        </p>
      )}
    </div>
  );
}
