const loading = new Map<string, Promise<void>>();

/**
 * Adds <script src> once per URL and resolves when it has run. Provider SDKs (Stripe.js, PayPal) are
 * loaded this way only on the pages that need them, and only when that provider is live; the CSP
 * allows their origins only when they are configured.
 */
export function loadScript(src: string): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
