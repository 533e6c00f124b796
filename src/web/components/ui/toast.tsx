import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn.ts';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};
type ToastState = ToastInput & { id: number };

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

/** Spec §8: at most one toast at a time; a new one replaces the old. Default duration 5 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((t: ToastInput) => setToast({ ...t, id: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={5000}>
        {children}
        {toast && (
          <RadixToast.Root
            key={toast.id}
            duration={toast.durationMs ?? 5000}
            onOpenChange={(open) => !open && setToast(null)}
            className={cn(
              'pointer-events-auto relative w-full rounded-lg border p-4 pr-10 shadow-lg',
              toast.variant === 'destructive'
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-gray-200 bg-white text-gray-900',
            )}
          >
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            {toast.description && (
              <RadixToast.Description className="mt-1 text-sm">{toast.description}</RadixToast.Description>
            )}
            <RadixToast.Close
              aria-label="Close"
              className="absolute top-2 right-2 rounded p-1 hover:bg-black/10"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        )}
        <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): (t: ToastInput) => void {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
