import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { SignupInputSchema, type SignupInput } from '#shared/auth.schemas.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/users.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { rememberReturnPath, RETURN_TO_PARAM, safeReturnPath, withReturnTo } from '#web/lib/return-to.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useSignup } from '../api/signup.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { checkEmailPath } from '../lib/auth-flow.ts';

/**
 * /signup (spec §2, §5, §8): creates the account, then the check-email page. A `?next=` page is
 * remembered, so the e-mailed verification link (which signs the person in) returns there.
 */
export default function SignupPage() {
  usePageTitle('Sign up');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const toast = useToast();
  const signup = useSignup();
  const form = useForm<SignupInput>({
    resolver: zodResolver(SignupInputSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  if (isAuthenticated) return <Navigate to={returnTo ?? ROUTES.home} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    const referralCode = readStorage(STORAGE_KEYS.referralCode) ?? undefined;
    try {
      const result = await signup.mutateAsync({ ...values, referralCode });
      writeStorage(STORAGE_KEYS.pendingEmail, result.email);
      writeStorage(STORAGE_KEYS.referralCode, null);
      rememberReturnPath(returnTo);
      toast({ title: 'Account Created!', description: result.message });
      navigate(checkEmailPath(result.email));
    } catch (err) {
      applyServerErrors(form, err);
      toast({
        title: 'Signup failed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <AuthCard
      title="Create your account"
      description={`Join ${BRAND.name} to mint, collect and sell physical art.`}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          hint="3 to 50 characters: letters, numbers, dots, dashes and underscores."
          error={errors.username?.message}
          {...form.register('username')}
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
        <p className="text-sm text-gray-700">
          By signing up you agree to the{' '}
          <Link to={ROUTES.terms} className="font-medium text-brand-700 underline hover:text-brand-800">
            Terms
          </Link>{' '}
          and{' '}
          <Link to={ROUTES.privacy} className="font-medium text-brand-700 underline hover:text-brand-800">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Sign up'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        Already have an account?{' '}
        <Link
          to={withReturnTo(ROUTES.login, returnTo)}
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
