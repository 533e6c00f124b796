import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { X } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import {
  LoginInputSchema,
  type AuthSession,
  type LoginCodeRequired,
  type LoginInput,
  type SessionOrTwoFactor,
  type TwoFactorRequired,
} from '#shared/auth.schemas.ts';
import { LoginCodeForm } from '#web/components/login-code-form.tsx';
import { PasskeySignInButton } from '#web/components/passkeys/passkey-sign-in-button.tsx';
import { signInWithPasskey } from '#web/components/passkeys/passkeys-api.ts';
import { verifyUserSecondFactor } from '#web/components/two-factor/two-factor-api.ts';
import { TwoFactorCodeForm } from '#web/components/two-factor/two-factor-code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { rememberReturnPath, RETURN_TO_PARAM, safeReturnPath, withReturnTo } from '#web/lib/return-to.ts';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useLogin } from '../api/login.ts';
import { useLoginWithCode } from '../api/login-with-code.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { checkEmailPath, isEmailVerificationRequired } from '../lib/auth-flow.ts';

/**
 * /login (spec §2, §8): e-mail and password; unverified accounts go to the check-email page. With
 * `?next=` (a path on this site, return-to.ts) a successful log-in returns there instead of home.
 * While the log-in backs off, the server mails a code and the page asks for it (decision 036); an
 * account with an authenticator app is asked for its code next (decision 072). "Sign in with a passkey"
 * needs no e-mail or password; a passkey also completes the second step (decision 075).
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const { isAuthenticated, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const toast = useToast();
  const login = useLogin();
  const loginWithCode = useLoginWithCode();
  const [codeStep, setCodeStep] = useState<(LoginCodeRequired & { email: string }) | null>(null);
  const [twoFactorStep, setTwoFactorStep] = useState<TwoFactorRequired | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isAuthenticated && !isSubmitting && !loginWithCode.isPending && !twoFactorStep) {
    return <Navigate to={returnTo ?? ROUTES.home} replace />;
  }

  const finish = async (session: AuthSession) => {
    await signIn();
    setTwoFactorStep(null);
    toast({ title: 'Welcome back!', description: `You're signed in as ${session.user.username}.` });
    // Replace: Back from the page returned to should not show the log-in form again.
    navigate(returnTo ?? ROUTES.home, { replace: true });
  };

  /** Unverified accounts go to the check-email page; true when the error was that. */
  const toCheckEmail = (err: unknown, email: string): boolean => {
    if (!isEmailVerificationRequired(err)) return false;
    writeStorage(STORAGE_KEYS.pendingEmail, email);
    // Verifying happens through an e-mailed link: the page to return to waits in storage.
    rememberReturnPath(returnTo);
    toast({
      title: 'Email Verification Required',
      description: 'Please check your email and click the verification link before logging in.',
      variant: 'destructive',
    });
    navigate(checkEmailPath(email, 'login'));
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if ('codeRequired' in answer) {
        setCodeStep({ ...answer, email: values.email });
        return;
      }
      await finishOrSecondStep(answer);
    } catch (err) {
      if (toCheckEmail(err, values.email)) return;
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });

  const finishOrSecondStep = async (answer: SessionOrTwoFactor) => {
    if ('twoFactorRequired' in answer) {
      setCodeStep(null);
      setTwoFactorStep(answer);
      return;
    }
    await finish(answer);
  };

  const submitSecondFactor = async (code: string) => {
    if (twoFactorStep)
      await finish(await verifyUserSecondFactor({ challenge: twoFactorStep.challenge, code }));
  };

  const submitCode = async (code: string) => {
    if (!codeStep) return;
    try {
      await finishOrSecondStep(await loginWithCode.mutateAsync({ challenge: codeStep.challenge, code }));
    } catch (err) {
      if (!toCheckEmail(err, codeStep.email)) throw err;
    }
  };

  const startOver = () => {
    setCodeStep(null);
    setTwoFactorStep(null);
    form.resetField('password');
  };

  const close = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(ROUTES.home);
  };

  return (
    <AuthCard
      title="Log in"
      description="Welcome back! Sign in to manage your Artchips and orders."
      corner={
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      }
    >
      {twoFactorStep ? (
        <div className="space-y-4">
          {twoFactorStep.methods.includes('totp') ? (
            <TwoFactorCodeForm onSubmitCode={submitSecondFactor} onStartOver={startOver} />
          ) : (
            <>
              <h2 className="text-lg font-semibold text-gray-900">Two-factor sign-in</h2>
              <p className="text-sm text-gray-700">{twoFactorStep.message}</p>
            </>
          )}
          {twoFactorStep.methods.includes('passkey') && (
            <PasskeySignInButton
              label="Use a passkey"
              signInWith={() => signInWithPasskey(twoFactorStep.challenge)}
              onSignedIn={finish}
            />
          )}
          {!twoFactorStep.methods.includes('totp') && (
            <Button type="button" variant="ghost" className="w-full" onClick={startOver}>
              Start over
            </Button>
          )}
        </div>
      ) : codeStep ? (
        <LoginCodeForm message={codeStep.message} onSubmitCode={submitCode} onStartOver={startOver} />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Log in'}
          </Button>
          <PasskeySignInButton
            label="Sign in with a passkey"
            signInWith={() => signInWithPasskey()}
            onSignedIn={finish}
          />
        </form>
      )}
      <div className="mt-6 space-y-2 text-center text-sm text-gray-700">
        <p>
          Don&apos;t have an account?{' '}
          <Link
            to={withReturnTo(ROUTES.signup, returnTo)}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            Sign up
          </Link>
        </p>
        <p>
          <Link to={ROUTES.setPassword} className="font-medium text-brand-700 underline hover:text-brand-800">
            Forgot your password?
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
