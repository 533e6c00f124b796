import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type z } from 'zod';
import { TWO_FACTOR_CODE_MESSAGE, TwoFactorCodeFormSchema } from '#shared/two-factor.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

type Values = z.input<typeof TwoFactorCodeFormSchema>;

type TwoFactorCodeFormProps = {
  /** Sends the code; a refusal (wrong, used, too many) is shown under the field. */
  onSubmitCode: (code: string) => Promise<void>;
  /** Back to the e-mail and password. */
  onStartOver: () => void;
  submitLabel?: string;
};

/**
 * The log-in's second step for an account with an authenticator app (decision 072): a 6-digit code
 * from the app or one of the recovery codes. Shared by the user's and the admin's log-in pages.
 */
export function TwoFactorCodeForm({
  onSubmitCode,
  onStartOver,
  submitLabel = 'Log in',
}: TwoFactorCodeFormProps) {
  const form = useForm<Values>({
    resolver: zodResolver(TwoFactorCodeFormSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSubmitCode(values.code);
    } catch (err) {
      form.setError('code', { message: errorMessage(err, 'Please try again.') }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">Two-factor sign-in</h2>
      <TextField
        label={TWO_FACTOR_CODE_MESSAGE}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        maxLength={20}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : submitLabel}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onStartOver}>
        Start over
      </Button>
    </form>
  );
}
