import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { PasskeyCancelledError } from './passkeys-api.ts';

type PasskeySignInButtonProps<T> = {
  label: string;
  /** The ceremony (signInWithPasskey or the admin's), with a log-in's second-step challenge if any. */
  signInWith: () => Promise<T>;
  onSignedIn: (answer: T) => Promise<void> | void;
};

/** Signs in with a passkey the browser holds for this site (decision 075); a refusal shows below it. */
export function PasskeySignInButton<T>({ label, signInWith, onSignedIn }: PasskeySignInButtonProps<T>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await onSignedIn(await signInWith());
    } catch (err) {
      setError(
        err instanceof PasskeyCancelledError
          ? err.message
          : errorMessage(err, 'The passkey could not sign you in.'),
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={pending}
        onClick={() => void run()}
      >
        {pending ? 'Waiting for your passkey…' : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
