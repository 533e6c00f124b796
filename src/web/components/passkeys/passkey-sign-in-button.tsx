import { useState } from 'react';
import type { AuthSession } from '#shared/auth.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { PasskeyCancelledError, signInWithPasskey } from './passkeys-api.ts';

type PasskeySignInButtonProps = {
  label: string;
  /** The second step of a password log-in: only that account's passkeys are offered. */
  challenge?: string;
  onSignedIn: (session: AuthSession) => Promise<void>;
};

/** Signs in with a passkey the browser holds for this site (decision 075); a refusal shows below it. */
export function PasskeySignInButton({ label, challenge, onSignedIn }: PasskeySignInButtonProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await onSignedIn(await signInWithPasskey(challenge));
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
