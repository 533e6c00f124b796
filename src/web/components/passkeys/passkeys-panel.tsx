import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Passkey } from '#shared/passkeys.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { useTwoFactorStatus } from '#web/components/two-factor/two-factor-api.ts';
import {
  browserHasPasskeys,
  PasskeyCancelledError,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  type PasskeyArea,
} from './passkeys-api.ts';

const failure = (err: unknown, fallback: string) =>
  err instanceof PasskeyCancelledError ? err.message : errorMessage(err, fallback);

/**
 * Passkeys (decision 075) on the Profile tab: add one (the browser asks the device for a fingerprint,
 * face or PIN), see them with when they were added and last used, remove one with the password or a
 * code from the authenticator app.
 */
export function PasskeysPanel({ area = 'user', onAdded }: { area?: PasskeyArea; onAdded?: () => void }) {
  const list = usePasskeys(area);
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void browserHasPasskeys().then((yes) => {
      if (live) setSupported(yes);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section
      aria-labelledby={`passkeys-heading-${area}`}
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id={`passkeys-heading-${area}`} className="text-lg font-semibold text-gray-900">
        Passkeys
      </h2>
      <div className="mt-4 space-y-4">
        <p className="text-sm text-gray-700">
          Sign in with your fingerprint, face or device PIN instead of a password. A passkey works only on
          this site, so it cannot be phished. With a passkey, a log-in with your password asks for it as a
          second step.
        </p>
        {list.data ? (
          list.data.length > 0 ? (
            <ul
              aria-label="Your passkeys"
              className="divide-y divide-gray-200 rounded border border-gray-200"
            >
              {list.data.map((passkey) => (
                <PasskeyItem key={passkey.id} area={area} passkey={passkey} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">No passkeys yet.</p>
          )
        ) : (
          <p className="text-sm text-gray-700">{list.isError ? 'Could not load this.' : 'Loading…'}</p>
        )}
        {supported === false ? (
          <p className="text-sm text-gray-700">This browser cannot create passkeys.</p>
        ) : (
          <AddPasskey area={area} onAdded={onAdded} />
        )}
      </div>
    </section>
  );
}

function AddPasskey({ area, onAdded }: { area: PasskeyArea; onAdded: (() => void) | undefined }) {
  const add = useAddPasskey(area);
  const toast = useToast();
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const passkey = await add.mutateAsync(name.trim() || undefined);
      form.reset();
      toast({ title: 'Passkey added', description: `“${passkey.name}” can now sign you in.` });
      onAdded?.();
    } catch (err) {
      form.setError('name', { message: failure(err, 'The passkey could not be added.') });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
      <TextField
        label="Name for the new passkey (optional)"
        maxLength={60}
        placeholder="e.g. My phone"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Waiting for your device…' : 'Add a passkey'}
      </Button>
    </form>
  );
}

function PasskeyItem({ area, passkey }: { area: PasskeyArea; passkey: Passkey }) {
  const [removing, setRemoving] = useState(false);
  return (
    <li className="space-y-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-gray-900">{passkey.name}</p>
          <p className="text-sm text-gray-700">
            Added {formatDate(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'}
          </p>
        </div>
        {!removing && (
          <Button type="button" variant="secondary" onClick={() => setRemoving(true)}>
            Remove<span className="sr-only"> {passkey.name}</span>
          </Button>
        )}
      </div>
      {removing && <RemovePasskey area={area} passkey={passkey} onCancel={() => setRemoving(false)} />}
    </li>
  );
}

function RemovePasskey({
  area,
  passkey,
  onCancel,
}: {
  area: PasskeyArea;
  passkey: Passkey;
  onCancel: () => void;
}) {
  const remove = useRemovePasskey(area);
  const status = useTwoFactorStatus(area);
  const toast = useToast();
  const withCode = status.data?.totpEnabled === true;
  const form = useForm<{ proof: string }>({ defaultValues: { proof: '' } });
  const onSubmit = form.handleSubmit(async ({ proof }) => {
    if (!proof.trim()) {
      form.setError('proof', { message: withCode ? 'Enter your password or a code' : 'Enter your password' });
      return;
    }
    const isCode = withCode && /^\s*\d{6}\s*$/.test(proof);
    try {
      await remove.mutateAsync({
        id: passkey.id,
        proof: isCode ? { totpCode: proof.trim() } : { currentPassword: proof },
      });
      toast({ title: 'Passkey removed', description: `“${passkey.name}” can no longer sign you in.` });
    } catch (err) {
      form.setError('proof', { message: errorMessage(err, 'Please try again.') }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
      <TextField
        label={
          withCode ? 'Password or a code from your authenticator app' : 'Password, to remove this passkey'
        }
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.proof?.message}
        {...form.register('proof')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Removing…' : 'Remove passkey'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
