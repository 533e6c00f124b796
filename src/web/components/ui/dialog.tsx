import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn.ts';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * The openers of the dialogs open (or closing) now, newest last. A dialog opened from another one
 * (Create → Checkout) finds focus nowhere, its opener gone with the first dialog: it returns to the
 * first dialog's opener instead. Only open dialogs are listed, so no stale element is ever reused.
 */
const openDialogOpeners: { element: HTMLElement | null }[] = [];

function isFocusable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element !== document.body && element.isConnected;
}

/**
 * Focus goes back to the element that opened a dialog when it closes, if that is still on the page
 * (Radix returns focus only to a Dialog.Trigger, which our controlled dialogs do not use). Spread
 * the handlers onto Dialog.Content.
 */
function useFocusReturn() {
  const entry = useRef<{ element: HTMLElement | null } | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix moves focus into the dialog after this event: what has focus now opened it.
      const active = document.activeElement;
      const isOpener = isFocusable(active) && !active.closest('[role="dialog"]');
      const inherited = openDialogOpeners.findLast((e) => isFocusable(e.element))?.element ?? null;
      entry.current = { element: isOpener ? active : inherited };
      openDialogOpeners.push(entry.current);
    },
    onCloseAutoFocus: (event: Event) => {
      const current = entry.current;
      entry.current = null;
      const index = current ? openDialogOpeners.indexOf(current) : -1;
      if (index !== -1) openDialogOpeners.splice(index, 1);
      // The page already moved focus somewhere on purpose (e.g. to the results of what the dialog
      // confirmed): leave it there.
      const active = document.activeElement;
      if (isFocusable(active) && !active.closest('[role="dialog"]')) {
        event.preventDefault();
        return;
      }
      const target = current?.element ?? null;
      if (!isFocusable(target)) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}

/**
 * A modal dialog with a title, focus trap, Escape to close and a labelled close button; focus returns
 * to the button that opened it when it closes.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          onOpenAutoFocus={focusReturn.onOpenAutoFocus}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
            className,
          )}
          aria-describedby={description ? undefined : undefined}
        >
          <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-gray-700">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded p-1 text-gray-700 hover:bg-gray-100"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
