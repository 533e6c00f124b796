import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn.ts';
import type { ToastState } from './toast.tsx';

/** The toast itself and its region: their own chunk, loaded with the first toast (toast.tsx). */
export default function ToastView({ toast, onClose }: { toast: ToastState; onClose: () => void }) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      <RadixToast.Root
        key={toast.id}
        defaultOpen
        duration={toast.durationMs ?? 5000}
        onOpenChange={(open) => !open && onClose()}
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
        <RadixToast.Close aria-label="Close" className="absolute top-2 right-2 rounded p-1 hover:bg-black/10">
          <X className="h-4 w-4" aria-hidden="true" />
        </RadixToast.Close>
      </RadixToast.Root>
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
