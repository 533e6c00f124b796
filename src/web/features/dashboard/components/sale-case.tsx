import { useState, type FormEvent } from 'react';
import {
  AnswerCaseInputSchema,
  CASE_KIND_LABELS,
  CASE_OUTCOME_LABELS,
  CASE_STATUS_LABELS,
  type Case,
} from '#shared/cases.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useAnswerCase } from '../api/seller-cases.ts';

/** The seller's answer to a buyer's case, with the buyer's words and photos to answer. */
function AnswerDialog({
  report,
  open,
  onOpenChange,
}: {
  report: Case;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const answer = useAnswerCase();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = AnswerCaseInputSchema.safeParse({ message });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      await answer.mutateAsync({ caseId: report.id, message: parsed.data.message });
      onOpenChange(false);
      toast({ title: 'Answer sent', description: 'An admin decides next; we e-mail you both.' });
    } catch (err) {
      setError(errorMessage(err, 'We could not send your answer. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Answer case #${report.id}`}
      description={`The buyer reported: ${CASE_KIND_LABELS[report.kind]}. Please answer by ${formatDate(report.sellerDueAt)}.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <blockquote className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
          “{report.description}”
        </blockquote>
        {report.photos.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="The buyer’s photos">
            {report.photos.map((photo, i) => (
              <li key={photo.mediaId}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    alt={`Buyer’s photo ${i + 1}`}
                    className="h-20 w-20 rounded object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <TextAreaField
          label="Your answer"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={fieldError}
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={answer.isPending}>
            {answer.isPending ? 'Sending...' : 'Send answer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A sale's case in the sales table: where it stands, the decision, and the seller's Answer button. */
export function SaleCase({ report }: { report: Case }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-1">
      <p>
        Case: {CASE_KIND_LABELS[report.kind]} · {CASE_STATUS_LABELS[report.status]}
        {report.outcome
          ? ` · ${CASE_OUTCOME_LABELS[report.outcome]}${report.refundCents !== null ? ` (${formatUsd(report.refundCents)})` : ''}`
          : ''}
      </p>
      {report.status !== 'closed' && (
        <p className="text-xs text-gray-700">Your proceeds of this sale are held while the case is open.</p>
      )}
      {report.status === 'awaiting_seller' && (
        <>
          <Button type="button" size="sm" onClick={() => setOpen(true)}>
            Answer the buyer
          </Button>
          {open && <AnswerDialog report={report} open={open} onOpenChange={setOpen} />}
        </>
      )}
    </div>
  );
}
