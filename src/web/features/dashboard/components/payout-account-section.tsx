import { useId, useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router.tsx';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { formatUtcMoment } from '#shared/payout-destination.ts';
import {
  DESTINATION_PASSWORD_REQUIRED_MESSAGE,
  PayoutAccountInputSchema,
  type PayoutAccount,
  type PayoutAccountInput,
  type PayoutMethod,
} from '#shared/payouts.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField, FormAlert } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError, errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useMyPayoutAccount } from '../api/get-my-payout-account.ts';
import { useStartStripeOnboarding } from '../api/start-stripe-onboarding.ts';
import { useUpdateMyPayoutAccount } from '../api/update-my-payout-account.ts';

const PROFILE_TAB_PATH = `${ROUTES.dashboard}?tab=profile`;

/** Each way of being paid, as the seller chooses it. */
const METHOD_CHOICES: Record<PayoutMethod, { label: string; description: string }> = {
  manual: {
    label: 'Manual transfer by our team',
    description: 'We send each payout ourselves, to the PayPal e-mail on your profile.',
  },
  paypal_payouts: {
    label: 'PayPal Payouts',
    description: 'Payouts go automatically to the PayPal account you name here.',
  },
  stripe_connect: {
    label: 'Stripe',
    description: 'Payouts go to your bank account through Stripe, once your Stripe account is set up.',
  },
};

/**
 * The schema checks the PayPal e-mail only when PayPal Payouts is chosen; other methods send none.
 * The current password goes along when given (decision 071: the server asks for it when where the
 * money goes changes).
 */
const validate = zodResolver(PayoutAccountInputSchema);
const resolver: Resolver<PayoutAccountInput> = (values, context, options) => {
  const { currentPassword, ...rest } = values;
  const sent = rest.method === 'paypal_payouts' ? rest : { method: rest.method };
  return validate(currentPassword ? { ...sent, currentPassword } : sent, context, options);
};

/** "Payouts go to it from Dec 1, 2026 at 14:00 UTC": said while a new destination waits its hold. */
function DestinationNotice({ account }: { account: PayoutAccount }) {
  // The moment the form opened: the notice does not come and go while it is read.
  const [now] = useState(() => Date.now());
  if (account.payoutsFrozen) {
    return (
      <p role="status" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        Payouts to your account are frozen because you told us a change was not yours. Contact us to check it
        and start payouts again.
      </p>
    );
  }
  if (!account.payableFrom || new Date(account.payableFrom).getTime() <= now) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      Your payout destination changed on {formatUtcMoment(account.destinationSetAt!)}. For your safety,
      payouts go to it from {formatUtcMoment(account.payableFrom)}. We e-mailed you about the change.
    </p>
  );
}

/** "How you are paid": the seller's payout method, saved with PUT /api/my-payout-account. */
export function PayoutAccountSection() {
  const account = useMyPayoutAccount();
  return (
    <section
      aria-labelledby="payout-account-heading"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-5"
    >
      <h4 id="payout-account-heading" className="font-semibold text-gray-900">
        How you are paid
      </h4>
      {account.isPending && (
        <div role="status" aria-label="Loading how you are paid" className="space-y-2">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-6 w-64" />
        </div>
      )}
      {account.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load how you are paid. Please try again.
        </p>
      )}
      {account.data && (
        // Keyed by what was saved, so a saved answer becomes the form's new starting point.
        <PayoutAccountForm
          key={`${account.data.method}-${account.data.paypalEmail ?? ''}-${account.data.destinationSetAt ?? ''}`}
          account={account.data}
        />
      )}
    </section>
  );
}

function PayoutAccountForm({ account }: { account: PayoutAccount }) {
  const toast = useToast();
  const update = useUpdateMyPayoutAccount();
  const form = useForm<PayoutAccountInput>({
    resolver,
    defaultValues: { method: account.method, paypalEmail: account.paypalEmail ?? '', currentPassword: '' },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const paypalEmail = useWatch({ control: form.control, name: 'paypalEmail' });
  // Where the money goes changes: the password is asked (the server decides; this shows the field).
  const changesDestination =
    method !== account.method ||
    (method === 'paypal_payouts' &&
      (paypalEmail ?? '').trim().toLowerCase() !== (account.paypalEmail ?? '').toLowerCase());
  const { errors, isSubmitting } = form.formState;
  const idPrefix = useId();
  // The saved method stays listed even if it is no longer offered, so the form never hides it.
  const methods = account.availableMethods.includes(account.method)
    ? account.availableMethods
    : [account.method, ...account.availableMethods];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast({
        title: 'Payout Method Saved',
        description: `You are paid by ${METHOD_CHOICES[input.method].label}.`,
      });
    } catch (err) {
      applyServerErrors(form, err, { fallback: 'Failed to save how you are paid. Please try again.' });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-gray-800">Payout method</legend>
        {methods.map((value) => {
          const choice = METHOD_CHOICES[value];
          const inputId = `${idPrefix}-${value}`;
          return (
            <div key={value} className="flex items-start gap-3">
              <input
                id={inputId}
                type="radio"
                value={value}
                aria-describedby={`${inputId}-description`}
                className="mt-0.5 h-4 w-4 shrink-0 border-gray-400 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
                {...form.register('method')}
              />
              <div className="min-w-0 space-y-2">
                <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
                  {choice.label}
                </label>
                <p id={`${inputId}-description`} className="text-sm text-gray-700">
                  {choice.description}
                </p>
                {value === 'manual' && method === 'manual' && <ProfilePaypalEmail />}
                {value === 'stripe_connect' && <StripeState account={account} />}
              </div>
            </div>
          );
        })}
        {errors.method?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.method.message}
          </p>
        )}
      </fieldset>
      {method === 'paypal_payouts' && (
        <TextField
          label="PayPal e-mail"
          type="email"
          autoComplete="email"
          hint="The PayPal account your payouts are sent to."
          error={errors.paypalEmail?.message}
          className="max-w-md"
          {...form.register('paypalEmail')}
        />
      )}
      {(changesDestination || errors.currentPassword) && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Changing where your money goes needs your password. We e-mail you about the change."
          error={errors.currentPassword?.message}
          className="max-w-md"
          {...form.register('currentPassword')}
        />
      )}
      <DestinationNotice account={account} />
      <FormAlert>{errors.root?.server?.message}</FormAlert>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

/** Where manual payouts go: the profile's PayPal e-mail, with the way to set or change it. */
function ProfilePaypalEmail() {
  const { user } = useAuth();
  const paypalEmail = user?.paypalEmail;
  return (
    <p className="text-sm text-gray-800">
      {paypalEmail ? (
        <>
          Payouts go to your PayPal e-mail <span className="font-medium break-all">{paypalEmail}</span>.{' '}
          <Link to={PROFILE_TAB_PATH} className="font-medium text-brand-700 underline">
            Change your PayPal e-mail
          </Link>
        </>
      ) : (
        <>
          Add a PayPal e-mail so we know where to send your payouts.{' '}
          <Link to={PROFILE_TAB_PATH} className="font-medium text-brand-700 underline">
            Set your PayPal e-mail
          </Link>
        </>
      )}
    </p>
  );
}

/**
 * The seller's Stripe Connect account: ready, or the button that starts (or finishes) Stripe's
 * onboarding. Stripe is where the bank account payouts go to is entered, so the button first asks for
 * the current password (decision 077); Stripe's page then takes over the tab and sends the seller
 * back to this dashboard after.
 */
function StripeState({ account }: { account: PayoutAccount }) {
  const [asking, setAsking] = useState(false);
  if (account.stripeReady) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-green-800">
        <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
        Stripe account ready
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {account.hasStripeAccount && (
        <p className="text-sm text-gray-800">Stripe needs a few more details before it can pay you.</p>
      )}
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        {account.hasStripeAccount ? 'Finish Stripe onboarding' : 'Set up Stripe payouts'}
      </Button>
      <StripePasswordDialog open={asking} onOpenChange={setAsking} />
    </div>
  );
}

/** The current password, then off to Stripe's onboarding. */
function StripePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const onboarding = useStartStripeOnboarding();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Keeps "Opening Stripe..." while the browser leaves for Stripe.
  const isBusy = onboarding.isPending || onboarding.isSuccess;

  const close = (next: boolean) => {
    if (isBusy) return;
    if (!next) {
      setPassword('');
      setFieldError(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFieldError(null);
    setFailure(null);
    if (!password) {
      setFieldError(DESTINATION_PASSWORD_REQUIRED_MESSAGE);
      return;
    }
    try {
      window.location.assign(await onboarding.mutateAsync({ currentPassword: password }));
    } catch (err) {
      const onPassword = err instanceof ApiRequestError ? err.fieldErrors?.currentPassword?.[0] : undefined;
      if (onPassword) setFieldError(onPassword);
      else setFailure(errorMessage(err, 'Stripe could not be reached. Please try again.'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Continue to Stripe"
      description="Stripe is where you enter the bank account you are paid to, so it needs your password. We e-mail you about it, and for your safety payouts to a new account start after a waiting period."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError ?? undefined}
        />
        <FormAlert>{failure}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => close(false)} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? 'Opening Stripe...' : 'Continue to Stripe'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
