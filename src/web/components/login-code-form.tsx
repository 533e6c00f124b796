import { LoginCodeFormSchema } from '#shared/auth.schemas.ts';
import { CodeStepForm } from '#web/components/code-step-form.tsx';

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
export function LoginCodeForm({ message, ...props }: LoginCodeFormProps) {
  return (
    <CodeStepForm
      schema={LoginCodeFormSchema}
      label={LOGIN_CODE_LABEL}
      intro={<p className="text-sm text-gray-700">{message}</p>}
      field={{ inputMode: 'numeric', maxLength: 12 }}
      {...props}
    />
  );
}
