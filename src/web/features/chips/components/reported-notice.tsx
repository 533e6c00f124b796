import { useState, type FormEvent } from 'react';
import { ShieldAlert } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { OWNER_MESSAGE_MAX_LENGTH, reportedMessage } from '#shared/handovers.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { serverFieldError } from '#web/lib/form-errors.ts';
import { useMessageOwner } from '../api/message-owner.ts';

/**
 * A chip its owner reported lost or stolen: said to whoever opens or taps it, with a form that writes
 * to the owner through the platform (their e-mail address is never shown). Nothing for other chips.
 */
export function ReportedNotice({ chip }: { chip: Pick<Chip, 'id' | 'title' | 'reportStatus'> }) {
  const send = useMessageOwner();
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!chip.reportStatus) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(null);
    if (!message.trim()) {
      setFieldError('Message is required');
      return;
    }
    try {
      await send.mutateAsync({
        chipId: chip.id,
        input: { message, ...(contact.trim() ? { contact } : {}) },
      });
    } catch (err) {
      const field = serverFieldError(err, 'message');
      if (field) setFieldError(field);
      else setError(errorMessage(err, 'Failed to send your message. Please try again.'));
    }
  }

  return (
    <section
      aria-labelledby={`reported-${chip.id}`}
      className="space-y-3 rounded-md border border-red-700 bg-red-50 p-4 text-sm text-red-950"
    >
      <h2 id={`reported-${chip.id}`} className="flex items-center gap-2 text-base font-semibold">
        <ShieldAlert className="h-5 w-5 flex-none" aria-hidden="true" />
        {reportedMessage(chip.reportStatus)}
      </h2>
      <p>
        It cannot be bought, sold or claimed until the owner clears the report. If you have it, let the owner
        know: your message goes to them through {BRAND.name}, and their address stays private.
      </p>
      {send.isSuccess ? (
        <p role="status" className="font-semibold">
          Thank you. Your message was sent to the owner.
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
          <TextAreaField
            label="Message to the owner"
            value={message}
            maxLength={OWNER_MESSAGE_MAX_LENGTH}
            error={fieldError ?? undefined}
            onChange={(e) => {
              setMessage(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <TextField
            label="How the owner can reach you (optional)"
            hint="An e-mail address or a phone number; it is passed on as you write it."
            value={contact}
            maxLength={200}
            autoComplete="email"
            onChange={(e) => setContact(e.target.value)}
          />
          <FormAlert>{error}</FormAlert>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Message the owner'}
          </Button>
        </form>
      )}
    </section>
  );
}
