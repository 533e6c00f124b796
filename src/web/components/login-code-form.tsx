import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginCodeFormSchema, type LoginCodeForm as LoginCodeValues } from '#shared/auth.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

const LOGIN_CODE_LABEL = 'Enter the code we e-mailed you';

type LoginCodeFormProps = {
  /** The server's words for why a code is asked for. */
  message: string;
  /** Sends the code; a refusal is shown under the field (a wrong, used or expired code). */
  onSubmitCode: (code: string) => Promise<void>;
  /** Back to the e-mail and password (to get a new code). */
  onStartOver: () => void;
  submitLabel?: string;
};

/**
 * The second step of a log-in that is backing off (decision 036): the six-digit code the server
 * mailed. Shared by the user's and the admin's log-in pages.
 */
export function LoginCodeForm({
  message,
  onSubmitCode,
  onStartOver,
  submitLabel = 'Log in',
}: LoginCodeFormProps) {
  const form = useForm<LoginCodeValues>({
    resolver: zodResolver(LoginCodeFormSchema),
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
      <p className="text-sm text-gray-700">{message}</p>
      <TextField
        label={LOGIN_CODE_LABEL}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={12}
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
