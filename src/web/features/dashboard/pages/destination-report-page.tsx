import type { ReactNode } from 'react';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useReportDestinationChange } from '../api/report-destination-change.ts';

/**
 * The "this wasn't me" link of a payout destination change mail opens this page (decision 071);
 * pressing the button freezes the account's payouts and signs every session of it out.
 */
export default function DestinationReportPage() {
  usePageTitle('This wasn’t me');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const report = useReportDestinationChange();

  let body: ReactNode;
  if (!token || report.isError) {
    body = (
      <div role="status">
        <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">This link does not work</h1>
        <p className="mt-3 text-gray-700">
          {token
            ? errorMessage(report.error, 'We could not freeze your payouts. Please try again.')
            : 'This link is missing its token. Please use the link from our e-mail.'}
        </p>
        <p className="mt-3 text-gray-700">
          Worried about your account?{' '}
          <Link className="font-medium text-brand-700 underline" to={ROUTES.contact}>
            Contact us
          </Link>{' '}
          and set a new password with “Forgot password?” on the{' '}
          <Link className="font-medium text-brand-700 underline" to={ROUTES.login}>
            log-in page
          </Link>
          .
        </p>
      </div>
    );
  } else if (report.isSuccess) {
    body = (
      <div role="status">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">Your payouts are frozen</h1>
        <p className="mt-3 text-gray-700">{report.data.message}</p>
        <Button asChild variant="secondary" className="mt-8">
          <Link to={ROUTES.login}>Go to log-in</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <h1 className="text-3xl font-bold text-gray-900">You did not change where your money goes?</h1>
        <p className="mt-3 text-gray-700">
          Press the button: we freeze payouts to your account and sign out every session of it, yours too.
          Then set a new password and contact us, and we check the change with you.
        </p>
        <Button
          size="lg"
          variant="danger"
          className="mt-8"
          disabled={report.isPending}
          onClick={() => report.mutate({ token })}
        >
          {report.isPending ? 'Freezing...' : 'Freeze my payouts and sign everyone out'}
        </Button>
      </>
    );
  }
  return <div className="mx-auto max-w-xl px-4 py-16 text-center">{body}</div>;
}
