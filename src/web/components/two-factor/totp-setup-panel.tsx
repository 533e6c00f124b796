import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import QRCode from 'qrcode';
import { type z } from 'zod';
import {
  TotpConfirmInputSchema,
  TotpDisableInputSchema,
  type TotpSetup,
} from '#shared/two-factor.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import {
  useConfirmTotp,
  useDisableTotp,
  useStartTotp,
  useTwoFactorStatus,
  type TwoFactorArea,
} from './two-factor-api.ts';

type TotpSetupPanelProps = {
  area: TwoFactorArea;
  /** Called once the recovery codes were shown and the person said they kept them. */
  onEnrolled?: () => void;
  /** The heading's level and text (the admin's enrolment screen has its own page heading). */
  title?: string;
};

/**
 * Two-factor sign-in with an authenticator app (decision 072): set it up (QR code, the secret as
 * text, the first code to confirm), see the ten recovery codes once (copy or download), or turn it
 * off with the password. The user's Profile tab and the admin's enrolment screen both show it.
 */
export function TotpSetupPanel({ area, onEnrolled, title = 'Two-factor sign-in' }: TotpSetupPanelProps) {
  const status = useTwoFactorStatus(area);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const headingId = `two-factor-heading-${area}`;

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodesView
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          onEnrolled?.();
        }}
      />
    );
  } else if (setup) {
    body = (
      <ConfirmSetup
        area={area}
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else if (status.data?.totpEnabled) {
    body = <EnabledView area={area} recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  } else if (status.data) {
    body = <StartSetup area={area} onStarted={setSetup} />;
  } else {
    body = <p className="text-sm text-gray-700">{status.isError ? 'Could not load this.' : 'Loading…'}</p>;
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-6">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{body}</div>
    </section>
  );
}

function StartSetup({ area, onStarted }: { area: TwoFactorArea; onStarted: (setup: TotpSetup) => void }) {
  const start = useStartTotp(area);
  const toast = useToast();
  return (
    <>
      <p className="text-sm text-gray-700">
        Add a second step to signing in: after your password, a 6-digit code from an authenticator app on your
        phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Someone who learns your
        password still cannot sign in.
      </p>
      <Button
        type="button"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: onStarted,
            onError: (err) =>
              toast({
                title: 'Could not start',
                description: errorMessage(err, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        {start.isPending ? 'Starting…' : 'Set up an authenticator app'}
      </Button>
    </>
  );
}

type CodeValues = z.input<typeof TotpConfirmInputSchema>;

function ConfirmSetup({
  area,
  setup,
  onConfirmed,
  onCancel,
}: {
  area: TwoFactorArea;
  setup: TotpSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTotp(area);
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    resolver: zodResolver(TotpConfirmInputSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 192 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [setup.otpauthUrl]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onConfirmed((await confirm.mutateAsync(values.code)).recoveryCodes);
    } catch (err) {
      form.setError('code', { message: errorMessage(err, 'Please try again.') }, { shouldFocus: true });
    }
  });

  return (
    <>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700">
        <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {qr && (
        <img
          src={qr}
          width={192}
          height={192}
          alt="QR code to add this account to an authenticator app"
          className="rounded border border-gray-200"
        />
      )}
      <div>
        <p id="totp-secret-label" className="text-sm font-medium text-gray-900">
          Key (if you cannot scan)
        </p>
        <code
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          className="mt-1 block break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm text-gray-900"
        >
          {setup.secret}
        </code>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Turn on two-factor sign-in'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <p className="text-sm font-medium text-green-800" role="status">
        Two-factor sign-in is on.
      </p>
      <p className="text-sm text-gray-700">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-gray-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </>
  );
}

type DisableValues = z.infer<typeof TotpDisableInputSchema>;

function EnabledView({ area, recoveryCodesLeft }: { area: TwoFactorArea; recoveryCodesLeft: number }) {
  const disable = useDisableTotp(area);
  const toast = useToast();
  const form = useForm<DisableValues>({
    resolver: zodResolver(TotpDisableInputSchema),
    defaultValues: { currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values.currentPassword);
      toast({ title: 'Two-factor sign-in is off' });
    } catch (err) {
      form.setError(
        'currentPassword',
        { message: errorMessage(err, 'Please try again.') },
        { shouldFocus: true },
      );
    }
  });
  return (
    <>
      <p className="text-sm text-gray-700">
        <span className="font-medium text-green-800">On.</span> Signing in asks for a code from your
        authenticator app. Recovery codes left: {recoveryCodesLeft}.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
        <TextField
          label="Password, to turn two-factor sign-in off"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </Button>
      </form>
    </>
  );
}
