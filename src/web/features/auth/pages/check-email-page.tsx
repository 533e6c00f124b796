import { Link, useSearchParams } from '#web/lib/router.tsx';
import { MailCheck, MailX } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { readStorage, STORAGE_KEYS } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useSendVerification } from '../api/send-verification.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { pendingEmailFrom } from '../lib/auth-flow.ts';

/** /check-email?email=…&from=login (spec §2): after sign-up, or after a log-in blocked by verification. */
export default function CheckEmailPage() {
  usePageTitle('Check your email');
  const [params] = useSearchParams();
  const toast = useToast();
  const resend = useSendVerification();
  const email = pendingEmailFrom(params.get('email'), readStorage(STORAGE_KEYS.pendingEmail));
  const isFromLogin = params.get('from') === 'login';

  if (!email) {
    return (
      <AuthCard
        title="Email Not Found"
        icon={<MailX className="h-12 w-12" aria-hidden="true" />}
        description="We couldn't find an email address to verify. Please sign up again."
      >
        <Button asChild className="w-full">
          <Link to={ROUTES.signup}>Back to Signup</Link>
        </Button>
      </AuthCard>
    );
  }

  const onResend = () => {
    if (!email) {
      toast({
        title: 'Error',
        description: 'No email address found. Please try signing up again.',
        variant: 'destructive',
      });
      return;
    }
    resend.mutate(email, {
      onSuccess: (result) => toast({ title: 'Verification email sent', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Failed to resend verification email',
          description: errorMessage(err, 'Please try again in a minute.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <AuthCard
      title="Check your email"
      icon={<MailCheck className="h-12 w-12" aria-hidden="true" />}
      description={
        <>
          We sent a verification link to <strong className="break-all text-gray-900">{email}</strong>. Click
          the link in that email to activate your account.
        </>
      }
    >
      {isFromLogin && (
        <p
          role="status"
          className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          Your email address has not been verified yet. Please verify it before logging in.
        </p>
      )}
      <p className="text-sm text-gray-700">
        Didn&apos;t get it? Check your spam folder, or send a new link. Links expire after 24 hours.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <Button onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
        <Button asChild variant="secondary">
          <Link to={ROUTES.login}>Back to Login</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
