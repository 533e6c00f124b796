/**
 * Buttons that work before the page has hydrated. A server-rendered button does nothing until React
 * has loaded and hydrated the page, and on a slow phone a tap in those first seconds is lost (measured
 * at a 6× CPU slowdown: Buy Now tapped at once opened nothing in 3 of 5 loads). Such a button sits in
 * a GET form naming its action: before hydration a tap submits it, the browser asks for the same page
 * with `?action=…`, and the action runs once the page has hydrated (useUrlAction); after hydration the
 * button's own click handler runs and the submit is cancelled.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { isTrackingParam } from '#shared/tracking-params.ts';
import { useLocation, useSearchParams } from './router.tsx';

/** The query parameter an action travels in. */
const URL_ACTION_PARAM = 'action';

/**
 * The GET form around an action's button (`display: contents`, so the button lays out as before). It
 * keeps the page's other query parameters (the /uid page's UID), so the page comes back as it was; not
 * `ref` or `utm_*`, which the server renders pages without (decision 078).
 */
export function UrlActionForm({ action, children }: { action: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(
    ([name]) => name !== URL_ACTION_PARAM && !isTrackingParam(name),
  );
  return (
    <form method="get" action={pathname} className="contents" onSubmit={(event) => event.preventDefault()}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={URL_ACTION_PARAM} value={action} />
      {children}
    </form>
  );
}

/**
 * Runs `run` once after hydration when the page was asked for with `?action=<action>` (a tap before
 * hydration), and takes the parameter out of the address, so a reload or a shared link does not run
 * it again.
 */
export function useUrlAction(action: string, run: () => void): void {
  const [params, setParams] = useSearchParams();
  const requested = params.get(URL_ACTION_PARAM) === action;
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    if (!requested) return;
    setParams(
      (current) => {
        current.delete(URL_ACTION_PARAM);
        return current;
      },
      { replace: true },
    );
    runRef.current();
  }, [requested, setParams]);
}
