import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { X } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { LoginInputSchema, type LoginInput } from '#shared/auth.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { rememberReturnPath, RETURN_TO_PARAM, safeReturnPath, withReturnTo } from '#web/lib/return-to.ts';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { checkEmailPath, isEmailVerificationRequired } from '../lib/auth-flow.ts';

/**
 * /login (spec §2, §8): e-mail and password; unverified accounts go to the check-email page. With
 * `?next=` (a path on this site, return-to.ts) a successful log-in returns there instead of home.
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const { isAuthenticated, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const toast = useToast();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isAuthenticated && !isSubmitting) return <Navigate to={returnTo ?? ROUTES.home} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const session = await login.mutateAsync(values);
      await signIn();
      toast({ title: 'Welcome back!', description: `You're signed in as ${session.user.username}.` });
      // Replace: Back from the page returned to should not show the log-in form again.
      navigate(returnTo ?? ROUTES.home, { replace: true });
    } catch (err) {
      if (isEmailVerificationRequired(err)) {
        writeStorage(STORAGE_KEYS.pendingEmail, values.email);
        // Verifying happens through an e-mailed link: the page to return to waits in storage.
        rememberReturnPath(returnTo);
        toast({
          title: 'Email Verification Required',
          description: 'Please check your email and click the verification link before logging in.',
          variant: 'destructive',
        });
        navigate(checkEmailPath(values.email, 'login'));
        return;
      }
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });

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
      </form>
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
