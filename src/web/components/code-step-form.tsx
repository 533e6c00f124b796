import type { InputHTMLAttributes, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

export type CodeStepFormProps = {
  /** The form's schema: one `code` field, with the shared messages. */
  schema: CodeSchema;
  /** The field's label. */
  label: string;
  /** What stands above the field (a heading, the server's reason for asking). */
  intro: ReactNode;
  /** The field's keyboard and length hints. */
  field: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'inputMode' | 'autoCapitalize' | 'spellCheck' | 'maxLength'
  >;
  /** Sends the code; a refusal (wrong, used, expired, too many) is shown under the field. */
  onSubmitCode: (code: string) => Promise<void>;
  /** Back to the e-mail and password. */
  onStartOver: () => void;
  submitLabel?: string;
};

/**
 * A log-in's second step: one code field, submit, and Start over. The mailed code of a log-in that is
 * backing off (LoginCodeForm) and the authenticator app's code (TwoFactorCodeForm) are both this form.
 */
export function CodeStepForm({
  schema,
  label,
  intro,
  field,
  onSubmitCode,
  onStartOver,
  submitLabel = 'Log in',
}: CodeStepFormProps) {
  const form = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
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
      {intro}
      <TextField
        label={label}
        autoComplete="one-time-code"
        autoFocus
        {...field}
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
