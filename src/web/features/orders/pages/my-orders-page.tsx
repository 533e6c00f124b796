import { Navigate, useLocation } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { pathOf, withReturnTo } from '#web/lib/return-to.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { OrdersList } from '../components/orders-list.tsx';
import { formatOrderDate } from '../lib/order-format.ts';

/** /my-orders (spec §2): the account, then its order cards; signed-out visitors go to /login. */
export default function MyOrdersPage() {
  usePageTitle('My Orders');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (!isLoading && !user) return <Navigate to={withReturnTo(ROUTES.login, pathOf(location))} replace />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">My Orders</h1>
      {user && (
        <dl className="mt-4 grid gap-2 rounded-xl border border-gray-200 bg-white p-5 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-gray-700">Email</dt>
            <dd className="font-medium text-gray-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-gray-700">Username</dt>
            <dd className="font-medium text-gray-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-gray-700">Member since</dt>
            <dd className="font-medium text-gray-900">{formatOrderDate(user.createdAt)}</dd>
          </div>
        </dl>
      )}
      <h2 className="mt-10 mb-4 text-xl font-semibold text-gray-900">Orders</h2>
      <OrdersList />
    </div>
  );
}
