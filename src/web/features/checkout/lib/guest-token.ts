/**
 * The one-time guest token a guest checkout hands this browser (CheckoutResponse.guestToken). It is
 * kept for this tab only (sessionStorage survives the redirect to PayPal and back) and read once by
 * /checkout-success, the one place that needs it to claim the new account.
 */
const keyFor = (orderId: number) => `artchipGuestToken:${orderId}`;

export function rememberGuestToken(orderId: number, token: string | undefined): void {
  if (!token) return;
  try {
    window.sessionStorage.setItem(keyFor(orderId), token);
  } catch {
    // storage disabled: the buyer claims the account through the e-mailed link instead
  }
}

export function readGuestToken(orderId: number | null): string | null {
  if (orderId === null) return null;
  try {
    return window.sessionStorage.getItem(keyFor(orderId));
  } catch {
    return null;
  }
}
