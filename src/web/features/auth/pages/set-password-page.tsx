import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { KeyRound } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/users.schemas.ts';
import {
  EmailInputSchema,
  SetPasswordFormSchema,
  type EmailInput,
  type SetPasswordForm,
  type TwoFactorRequired,
} from '#shared/auth.schemas.ts';
import { verifyUserSecondFactor } from '#web/components/two-factor/two-factor-api.ts';
import { PasskeySignInButton } from '#web/components/passkeys/passkey-sign-in-button.tsx';
import { signInWithPasskey } from '#web/components/passkeys/passkeys-api.ts';
import { TwoFactorCodeForm } from '#web/components/two-factor/two-factor-code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useLateDefaults } from '#web/lib/use-late-defaults.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useSetPassword } from '../api/set-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /set-password?token=…&email=… (spec §2): a password is set only with the one-time token from an
 * e-mail or from a guest checkout (PRODUCT.md). Without a token, the page e-mails such a link.
 */
export default function SetPasswordPage() {
  usePageTitle('Set password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = (params.get('email') ?? '').trim();
  return token ? <SetPasswordWithToken token={token} email={email} /> : <RequestPasswordLink email={email} />;
}

function SetPasswordWithToken({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { signIn } = useAuth();
  const setPassword = useSetPassword();
  // An account with an authenticator app: the mailed link is not the second factor (decision 072).
  const [twoFactorStep, setTwoFactorStep] = useState<TwoFactorRequired | null>(null);
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { email, password: '', confirmPassword: '' },
  });
  // An address read later (the link's query) never replaces one typed meanwhile.
  useLateDefaults(form, { email });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await setPassword.mutateAsync({ ...values, token });
      if ('twoFactorRequired' in answer) {
        setTwoFactorStep(answer);
        return;
      }
      const session = answer;
      await signIn();
      toast({
        title: 'Password Set!',
        description: session.user.isEmailVerified
          ? 'Your password has been saved and you are signed in.'
          : 'Your password has been saved and you are signed in. Check your email to verify your address before you next log in.',
      });
      navigate(ROUTES.myOrders);
    } catch (err) {
      toast({
        title: 'Failed to set password',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });

  if (twoFactorStep) {
    const signedIn = async () => {
      await signIn();
      toast({ title: 'Password Set!', description: 'Your password has been saved and you are signed in.' });
      navigate(ROUTES.myOrders);
    };
    const submitCode = async (code: string) => {
      await verifyUserSecondFactor({ challenge: twoFactorStep.challenge, code });
      await signedIn();
    };
    return (
      <AuthCard
        title="Set Your Password"
        icon={<KeyRound className="h-12 w-12" aria-hidden="true" />}
        description="Your new password is saved. Finish signing in with your second factor."
      >
        <div className="space-y-4">
          {twoFactorStep.methods.includes('totp') ? (
            <TwoFactorCodeForm onSubmitCode={submitCode} onStartOver={() => navigate(ROUTES.login)} />
          ) : (
            <p className="text-sm text-gray-700">{twoFactorStep.message}</p>
          )}
          {twoFactorStep.methods.includes('passkey') && (
            <PasskeySignInButton
              label="Use a passkey"
              signInWith={() => signInWithPasskey(twoFactorStep.challenge)}
              onSignedIn={signedIn}
            />
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set Your Password"
      icon={<KeyRound className="h-12 w-12" aria-hidden="true" />}
      description="Choose a password to sign in to your account next time."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={Boolean(email)}
          hint={email ? 'This link is for this email address.' : undefined}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthCard>
  );
}

function RequestPasswordLink({ email }: { email: string }) {
  const toast = useToast();
  const forgot = useForgotPassword();
  const form = useForm<EmailInput>({ resolver: zodResolver(EmailInputSchema), defaultValues: { email } });
  useLateDefaults(form, { email });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutateAsync(values.email).catch((err: unknown) =>
      toast({
        title: 'Failed to send link',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
    ),
  );

  return (
    <AuthCard
      title="Set Your Password"
      icon={<KeyRound className="h-12 w-12" aria-hidden="true" />}
      description="For your security, passwords are set through a one-time link. Enter your email and we'll send you one."
    >
      {forgot.isSuccess ? (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          {forgot.data.message} The link expires in 24 hours.
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={Boolean(email)}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Email me a link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-gray-700">
        Remembered it?{' '}
        <Link to={ROUTES.login} className="font-medium text-brand-700 underline hover:text-brand-800">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
