import type { ReactNode } from 'react';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { CheckCircle2, XCircle } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

/** The unsubscribe link of list e-mails opens this page; pressing the button unsubscribes. */
export default function EmailUnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  let body: ReactNode;
  if (!token || unsubscribe.isError) {
    body = (
      <div role="status">
        <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">Invalid Unsubscribe Link</h1>
        <p className="mt-3 text-gray-700">
          {token
            ? errorMessage(unsubscribe.error, 'Failed to unsubscribe. Please try again.')
            : 'This link is missing its token. Please use the unsubscribe link from one of our e-mails.'}
        </p>
        <p className="mt-3 text-gray-700">
          Still getting e-mails you did not ask for?{' '}
          <Link className="font-medium text-brand-700 underline" to={ROUTES.contact}>
            Contact us
          </Link>
          .
        </p>
      </div>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <div role="status">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">{unsubscribe.data.message}</h1>
        <p className="mt-3 text-gray-700">
          You will not receive {BRAND.name} news at this address any more. Changed your mind? Sign up again on
          our home page at any time.
        </p>
        <Button asChild variant="secondary" className="mt-8">
          <Link to={ROUTES.home}>Back to Home</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <h1 className="text-3xl font-bold text-gray-900">Unsubscribe from {BRAND.name} news</h1>
        <p className="mt-3 text-gray-700">Press the button to stop receiving our e-mails at this address.</p>
        <Button
          size="lg"
          variant="danger"
          className="mt-8"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate({ token })}
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </>
    );
  }
  return <div className="mx-auto max-w-xl px-4 py-16 text-center">{body}</div>;
}
