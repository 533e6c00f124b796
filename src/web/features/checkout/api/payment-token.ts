/**
 * The demo payment token of the order on this page (`?token=` in the payment URL). A guest buyer has
 * no session; the token lets this browser read and complete that one order, as a client secret would.
 */
export function currentPaymentToken(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('token');
}

/** `?token=…` to append to an order call, or nothing. */
export function paymentTokenQuery(): string {
  const token = currentPaymentToken();
  return token ? `?token=${encodeURIComponent(token)}` : '';
}
