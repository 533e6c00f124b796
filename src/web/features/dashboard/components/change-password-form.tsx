import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordInputSchema, type ChangePasswordInput } from '#shared/users.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (spec §5): current, new (6+), confirmation. */
export function ChangePasswordForm() {
  const toast = useToast();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        title: 'Password Changed',
        description: 'Your password has been updated. Other devices were signed out.',
      });
    } catch (err) {
      applyServerErrors(form, err);
      toast({
        title: 'Failed to change password',
        description: errorMessage(err, 'Failed to change password'),
        variant: 'destructive',
      });
    }
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-gray-900">
        Change Password
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}
