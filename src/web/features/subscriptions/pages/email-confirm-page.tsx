import type { ReactNode } from 'react';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { CheckCircle2, XCircle } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useConfirmSubscription } from '../api/confirm-subscription.ts';

/**
 * The confirmation link of the e-mail list opens this page. Only pressing the button confirms: mail
 * scanners open links, and a GET must not subscribe anyone.
 */
export default function EmailConfirmPage() {
  usePageTitle('Confirm subscription');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSubscription();

  if (!token) {
    return (
      <StatusCard tone="error" title="Invalid Confirmation Link">
        This link is missing its token. Please use the link from your confirmation e-mail, or sign up again.
      </StatusCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <StatusCard tone="success" title="Subscription confirmed">
        {confirm.data.message}
      </StatusCard>
    );
  }
  if (confirm.isError) {
    return (
      <StatusCard tone="error" title="Invalid Confirmation Link">
        {errorMessage(confirm.error, 'Failed to confirm your subscription. Please try again.')}
      </StatusCard>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">Confirm your subscription</h1>
      <p className="mt-3 text-gray-700">
        Press the button to start receiving {BRAND.name} news: new drops, live auctions and the {BRAND.ticker}{' '}
        launch.
      </p>
      <Button
        size="lg"
        className="mt-8"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate({ token })}
      >
        {confirm.isPending ? 'Confirming...' : 'Confirm my subscription'}
      </Button>
    </div>
  );
}

function StatusCard({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CheckCircle2 : XCircle;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
      <Icon
        className={`mx-auto h-12 w-12 ${tone === 'success' ? 'text-green-700' : 'text-red-700'}`}
        aria-hidden="true"
      />
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-700">{children}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <Link to={ROUTES.marketplace}>Explore the marketplace</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={ROUTES.home}>Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
