import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from '#web/lib/router.tsx';
import { ShieldCheck } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import {
  LoginInputSchema,
  type AdminLoginResponse,
  type AdminSessionOrTwoFactor,
  type LoginCodeRequired,
  type LoginInput,
  type TwoFactorRequired,
} from '#shared/auth.schemas.ts';
import { LoginCodeForm } from '#web/components/login-code-form.tsx';
import { PasskeySignInButton } from '#web/components/passkeys/passkey-sign-in-button.tsx';
import { signInAdminWithPasskey } from '#web/components/passkeys/passkeys-api.ts';
import { verifyAdminSecondFactor } from '#web/components/two-factor/two-factor-api.ts';
import { TwoFactorCodeForm } from '#web/components/two-factor/two-factor-code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useLoginAdmin } from '../api/login-admin.ts';
import { useLoginAdminWithCode } from '../api/login-admin-with-code.ts';
import { adminHomeAfterLogin, adminLoginErrorMessage } from '../lib/admin-login-error.ts';

/**
 * /admin-login and /siteadmin (spec §2, §8): the admin log-in, separate from the user's. While it
 * backs off, the server mails a code and the page asks for it (decision 036); an admin with an
 * authenticator app is asked for its code next (decision 072).
 */
export default function AdminLoginPage() {
  usePageTitle('Admin login');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLoginAdmin();
  const loginWithCode = useLoginAdminWithCode();
  const [codeStep, setCodeStep] = useState<LoginCodeRequired | null>(null);
  const [twoFactorStep, setTwoFactorStep] = useState<TwoFactorRequired | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const finish = (result: AdminLoginResponse) => {
    // The session is the HttpOnly cookie the answer set; only who signed in is kept here.
    writeStorage(STORAGE_KEYS.adminUser, JSON.stringify(result.admin));
    toast({
      title: 'Welcome, admin',
      description: `Signed in as ${result.admin.firstName || result.admin.username}.`,
    });
    navigate(adminHomeAfterLogin(pathname));
  };

  const finishOrSecondStep = (answer: AdminSessionOrTwoFactor) => {
    if ('twoFactorRequired' in answer) {
      setCodeStep(null);
      setTwoFactorStep(answer);
    } else finish(answer);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if ('codeRequired' in answer) setCodeStep(answer);
      else finishOrSecondStep(answer);
    } catch (err) {
      toast({
        title: 'Authentication Failed',
        description: adminLoginErrorMessage(err),
        variant: 'destructive',
      });
    }
  });

  const submitCode = async (code: string) => {
    if (codeStep)
      finishOrSecondStep(await loginWithCode.mutateAsync({ challenge: codeStep.challenge, code }));
  };

  const submitSecondFactor = async (code: string) => {
    if (twoFactorStep) finish(await verifyAdminSecondFactor({ challenge: twoFactorStep.challenge, code }));
  };

  const startOver = () => {
    setCodeStep(null);
    setTwoFactorStep(null);
    form.resetField('password');
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <section className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-4 flex justify-center text-brand-700">
          <ShieldCheck className="h-12 w-12" aria-hidden="true" />
        </div>
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <p className="mt-2 text-center text-sm text-gray-700">
          Sign in to manage the {BRAND.name} marketplace.
        </p>
        {twoFactorStep ? (
          <div className="mt-6 space-y-4">
            {twoFactorStep.methods.includes('totp') ? (
              <TwoFactorCodeForm
                onSubmitCode={submitSecondFactor}
                onStartOver={startOver}
                submitLabel="Sign In"
              />
            ) : (
              <p className="text-sm text-gray-700">{twoFactorStep.message}</p>
            )}
            {twoFactorStep.methods.includes('passkey') && (
              <PasskeySignInButton
                label="Use a passkey"
                signInWith={() => signInAdminWithPasskey(twoFactorStep.challenge)}
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
          <div className="mt-6">
            <LoginCodeForm
              message={codeStep.message}
              onSubmitCode={submitCode}
              onStartOver={startOver}
              submitLabel="Sign In"
            />
          </div>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 space-y-4">
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
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
              {isSubmitting ? 'Signing in...' : 'Sign In'}
            </Button>
            <PasskeySignInButton
              label="Use a passkey"
              signInWith={() => signInAdminWithPasskey()}
              onSignedIn={finish}
            />
          </form>
        )}
      </section>
    </div>
  );
}
