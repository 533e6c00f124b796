import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

type ConfirmButtonProps = {
  /** The button that opens the question. */
  label: string;
  variant: NonNullable<ButtonProps['variant']>;
  /** The dialog's yes (by default as the opening button). */
  confirmVariant?: NonNullable<ButtonProps['variant']>;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Does the step; a refusal is shown in the dialog (the server's words, else `failedMessage`). */
  onConfirm: () => Promise<void>;
  failedMessage: string;
};

/** A small button that asks once more in a dialog before a step that cannot be undone by a click. */
export function ConfirmButton({
  label,
  variant,
  confirmVariant = variant,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  failedMessage,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err, failedMessage));
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={title}
        description={description}
      >
        <div className="space-y-4">
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {cancelLabel}
            </Button>
            <Button type="button" variant={confirmVariant} disabled={isPending} onClick={() => void submit()}>
              {isPending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
