import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, PackageCheck } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { confirmOrder } from '../api/confirm-order.ts';

function Card({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <section className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <div className="mb-4 flex justify-center text-brand-700">{icon}</div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        <div className="mt-3 space-y-4 text-sm text-gray-700">{children}</div>
      </section>
    </div>
  );
}

/**
 * /confirm-order?orderId=&token=: the link of the order confirmation e-mail when a guest checkout used
 * the e-mail of an existing account. The owner presses the button (a mail scanner following the link
 * confirms nothing) and the order joins their account.
 */
export default function ConfirmOrderPage() {
  usePageTitle('Confirm your order');
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => confirmOrder(orderId, token) });

  if (!Number.isSafeInteger(orderId) || orderId <= 0 || !token) {
    return (
      <Card title="Invalid Link" icon={<CircleAlert className="h-12 w-12" aria-hidden="true" />}>
        <p>This link is missing its order or token. Please use the link from your email.</p>
      </Card>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Card
        title="Order Added"
        icon={<CircleCheck className="h-12 w-12 text-green-700" aria-hidden="true" />}
      >
        <p role="status">Order #{orderId} is now in your account.</p>
        <Button asChild className="w-full">
          <Link to={ROUTES.myOrders}>View My Orders</Link>
        </Button>
      </Card>
    );
  }
  const error =
    confirm.error instanceof ApiRequestError
      ? confirm.error.message
      : confirm.error
        ? 'Something went wrong. Please try again.'
        : null;
  return (
    <Card title="Is This Your Order?" icon={<PackageCheck className="h-12 w-12" aria-hidden="true" />}>
      <p>
        Order #{orderId} was placed with your e-mail address without signing in. If it was you, add it to your
        account. If it was not, close this page: nothing is added.
      </p>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? 'Adding...' : 'Add to My Account'}
      </Button>
    </Card>
  );
}
