import { TWO_FACTOR_CODE_MESSAGE, TwoFactorCodeFormSchema } from '#shared/two-factor.schemas.ts';
import { CodeStepForm } from '#web/components/code-step-form.tsx';

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
export function TwoFactorCodeForm(props: TwoFactorCodeFormProps) {
  return (
    <CodeStepForm
      schema={TwoFactorCodeFormSchema}
      label={TWO_FACTOR_CODE_MESSAGE}
      intro={<h2 className="text-lg font-semibold text-gray-900">Two-factor sign-in</h2>}
      field={{ autoCapitalize: 'characters', spellCheck: false, maxLength: 20 }}
      {...props}
    />
  );
}
