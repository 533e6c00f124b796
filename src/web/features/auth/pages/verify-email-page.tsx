import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, LoaderCircle } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { takeReturnPath } from '#web/lib/return-to.ts';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * Spec §4: after a successful verification the user lands on / after 2 seconds; or, when they signed
 * up (or were stopped at log-in) on their way somewhere, back on that page (return-to.ts).
 */
const REDIRECT_DELAY_MS = 2000;

/** /verify-email?token= (spec §2, §4, §8): missing token, loading, error and success states. */
export default function VerifyEmailPage() {
  usePageTitle('Verify email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const verify = useMutation({
    mutationFn: async (value: string) => {
      const result = await verifyEmail(value);
      // Only a session for this link's account changes who is signed in here (docs/decisions/035);
      // reading the user again also notices a session the verification ended.
      await signIn();
      writeStorage(STORAGE_KEYS.pendingEmail, null);
      return { ...result, returnTo: result.outcome === 'signed_in' ? takeReturnPath() : null };
    },
  });
  const { mutate } = verify;
  // The token works once: never send it twice (React's strict mode runs effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const setPasswordHref =
    verify.data?.outcome === 'set_password'
      ? `${ROUTES.setPassword}?${new URLSearchParams({
          token: verify.data.setPasswordToken,
          email: verify.data.email,
        })}`
      : null;

  useEffect(() => {
    if (!verify.isSuccess || verify.data.outcome === 'log_in') return;
    // A new account with nowhere to return to gets the spec's welcome page after sign-up; an account
    // whose password was discarded goes on to choose a new one.
    const target = setPasswordHref ?? verify.data.returnTo ?? ROUTES.welcome;
    const timer = setTimeout(() => void navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, verify.data, setPasswordHref, navigate]);

  if (!token) {
    return (
      <AuthCard
        title="Invalid Verification Link"
        icon={<CircleAlert className="h-12 w-12" aria-hidden="true" />}
        description="This link is missing its verification token. Please use the link from your email."
      >
        <Button asChild variant="secondary" className="w-full">
          <Link to={ROUTES.login}>Go to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  if (verify.isSuccess && verify.data.outcome === 'log_in') {
    return (
      <AuthCard
        title="Email Verified!"
        icon={<CircleCheck className="h-12 w-12 text-green-700" aria-hidden="true" />}
        description={<p role="status">{verify.data.message}</p>}
      >
        <Button asChild variant="secondary" className="w-full">
          <Link to={ROUTES.home}>Go to Home</Link>
        </Button>
      </AuthCard>
    );
  }

  if (verify.isSuccess && setPasswordHref) {
    return (
      <AuthCard
        title="Email Verified!"
        icon={<CircleCheck className="h-12 w-12 text-green-700" aria-hidden="true" />}
        description={<p role="status">{verify.data.message} Taking you to choose your password...</p>}
      >
        <Button asChild className="w-full">
          <Link to={setPasswordHref}>Choose a Password</Link>
        </Button>
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard
        title="Email Verified!"
        icon={<CircleCheck className="h-12 w-12 text-green-700" aria-hidden="true" />}
        description={
          <p role="status">
            {verify.data.message}{' '}
            {verify.data.returnTo
              ? 'Taking you back to where you were...'
              : 'Taking you to your welcome page...'}
          </p>
        }
      />
    );
  }

  if (verify.isError) {
    const code = verify.error instanceof ApiRequestError ? verify.error.code : undefined;
    if (code === 'TOKEN_EXPIRED') {
      return (
        <AuthCard
          title="Link Expired"
          icon={<Clock className="h-12 w-12" aria-hidden="true" />}
          description="This verification link has expired. Log in with your email and password to request a new link."
        >
          <Button asChild className="w-full">
            <Link to={ROUTES.login}>Go to Login</Link>
          </Button>
        </AuthCard>
      );
    }
    const isInvalid = code === 'INVALID_TOKEN';
    return (
      <AuthCard
        title="Verification Failed"
        icon={<CircleAlert className="h-12 w-12 text-red-700" aria-hidden="true" />}
        description={
          <p role="alert">{isInvalid ? verify.error.message : 'Failed to verify your email address.'}</p>
        }
      >
        <div className="flex flex-col gap-3">
          {!isInvalid && <Button onClick={() => mutate(token)}>Try Again</Button>}
          <Button asChild variant="secondary">
            <Link to={ROUTES.login}>Go to Login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verifying your email"
      icon={<LoaderCircle className="h-12 w-12 animate-spin" aria-hidden="true" />}
      description={<p role="status">Please wait while we verify your email address...</p>}
    />
  );
}
