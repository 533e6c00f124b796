import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

const ToastView = lazy(() => import('./toast-view.tsx'));

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};
export type ToastState = ToastInput & { id: number };

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

/**
 * Spec §8: at most one toast at a time; a new one replaces the old. Default duration 5 s. The toast's
 * code (Radix) is its own chunk, loaded with the first toast, so no page's first load carries it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((t: ToastInput) => setToast({ ...t, id: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);
  // Fetched once the page is up, off the first load, so the first toast shows at once.
  useEffect(() => {
    void import('./toast-view.tsx');
  }, []);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView toast={toast} onClose={() => setToast(null)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): (t: ToastInput) => void {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
