import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateProfileInputSchema, type UpdateProfileInput, type User } from '#shared/users.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError, errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors, serverFieldError } from '#web/lib/form-errors.ts';
import { useLateDefaults } from '#web/lib/use-late-defaults.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const USERNAME_TAKEN = 'This username is already taken';

/** Spec §8: a taken username shows on the field, whether the server says so by field or by message. */
function isUsernameTaken(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return false;
  return (
    serverFieldError(err, 'username') !== undefined || /username.*taken|taken.*username/i.test(err.message)
  );
}

/** Personal information: names, username and the PayPal e-mail sellers need for PayPal payments. */
export function PersonalInfoForm({ user }: { user: User }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(UpdateProfileInputSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
      paypalEmail: user.paypalEmail ?? '',
      currentPassword: '',
    },
  });
  // The signed-in user is re-read (after a save, a refetch): fields not being edited follow it.
  useLateDefaults(form, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username,
    paypalEmail: user.paypalEmail ?? '',
  });
  const { errors, isSubmitting } = form.formState;
  const paypalEmail = useWatch({ control: form.control, name: 'paypalEmail' });
  const [notice, setNotice] = useState<string | null>(null);
  // Decision 071: a new PayPal e-mail (where buyers' PayPal payments go) needs the current password.
  const newPaypal = (paypalEmail ?? '').trim().toLowerCase();
  const changesDestination = newPaypal !== '' && newPaypal !== (user.paypalEmail ?? '').toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { currentPassword, ...rest } = values;
      const updated = await update.mutateAsync(changesDestination ? { ...rest, currentPassword } : rest);
      if (changesDestination) {
        setNotice(
          `Your PayPal e-mail is now ${updated.paypalEmail ?? ''}. We e-mailed ${user.email} about the change; if it was not you, the link in that e-mail freezes your payouts.`,
        );
      }
      form.reset({
        firstName: updated.firstName ?? '',
        lastName: updated.lastName ?? '',
        username: updated.username,
        paypalEmail: updated.paypalEmail ?? '',
        currentPassword: '',
      });
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
    } catch (err) {
      applyServerErrors(form, err);
      if (isUsernameTaken(err)) form.setError('username', { message: USERNAME_TAKEN }, { shouldFocus: true });
      toast({
        title: 'Failed to update profile',
        description: errorMessage(err, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  });

  return (
    <section
      aria-labelledby="personal-info-heading"
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id="personal-info-heading" className="text-lg font-semibold text-gray-900">
        Personal Information
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
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
          value={user.email}
          readOnly
          hint="Your sign-in email cannot be changed here."
        />
        <TextField
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="PayPal email"
          type="email"
          autoComplete="email"
          hint="Needed to receive direct PayPal payments for your Artchips. Leave empty to remove it."
          error={errors.paypalEmail?.message}
          {...form.register('paypalEmail')}
        />
        {(changesDestination || errors.currentPassword) && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Changing where your money goes needs your password. We e-mail you about the change."
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        {notice && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {notice}
          </p>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </section>
  );
}
