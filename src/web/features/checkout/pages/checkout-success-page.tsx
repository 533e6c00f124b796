import { Link, useSearchParams } from '#web/lib/router.tsx';
import { CheckCircle2 } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useCheckoutSuccess } from '../api/get-checkout-success.ts';
import { parseOrderId } from '../lib/checkout-links.ts';
import { readGuestToken } from '../lib/guest-token.ts';

/** /set-password?email=…&token=…; without a token that page e-mails the buyer a one-time link. */
function setPasswordPath(email: string, token: string | null): string {
  const query = new URLSearchParams({ email });
  if (token) query.set('token', token);
  return `${ROUTES.setPassword}?${query}`;
}

/**
 * 'Order Confirmed!' (spec §2). A guest who just paid gets 'Set Up Password' with the one-time token
 * the server hands out for this order (once; later visits are e-mailed a link); a guest who used an
 * existing account's e-mail is told to confirm the order from the e-mail; everyone else 'View My Orders'.
 */
export default function CheckoutSuccessPage() {
  usePageTitle('Order Confirmed!');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const orderId = parseOrderId(params.get('orderId'));
  const isNewAccount = params.get('newAccount') === 'true' && email !== '';
  // Only this browser holds the order's guest token; another one is e-mailed a link instead.
  const guestToken = readGuestToken(orderId);
  const handout = useCheckoutSuccess(orderId, email, guestToken, { enabled: isNewAccount });
  const token = handout.data?.setPasswordToken ?? null;
  const isWaiting = isNewAccount && guestToken !== null && handout.isPending;
  // A guest who used the e-mail of an existing account: the order joins it once they confirm by e-mail.
  const { isAuthenticated, isLoading } = useAuth();
  const isUnconfirmedGuest = !isNewAccount && email !== '' && !isLoading && !isAuthenticated;

  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">Order Confirmed!</h1>
        <p className="mt-2 text-gray-800">
          Thank you for your order{orderId !== null ? ` #${orderId}` : ''}.
          {email ? ` A confirmation is on its way to ${email}.` : ''}
        </p>
        <div className="mt-6 flex flex-col gap-3">
          {isWaiting && (
            <div role="status" aria-label="Preparing your account">
              <Skeleton className="h-12 w-full" />
            </div>
          )}
          {isNewAccount && !isWaiting && (
            <>
              <p className="text-sm text-gray-800">
                We created an account for you. Set a password to see your {BRAND.plural} and orders.
              </p>
              <Button asChild size="lg">
                <Link to={setPasswordPath(email, token)}>Set Up Password</Link>
              </Button>
            </>
          )}
          {isUnconfirmedGuest && (
            <p className="text-sm text-gray-800">
              This e-mail address already has an account: the e-mail we sent has a link to add this order to
              it.
            </p>
          )}
          {!isNewAccount && !isUnconfirmedGuest && (
            <Button asChild size="lg">
              <Link to={ROUTES.myOrders}>View My Orders</Link>
            </Button>
          )}
          <Button asChild variant="secondary" size="lg">
            <Link to={ROUTES.marketplace}>Continue Shopping</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
