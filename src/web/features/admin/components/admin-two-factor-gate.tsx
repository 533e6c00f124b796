import { useState, type ReactNode } from 'react';
import { PasskeysPanel } from '#web/components/passkeys/passkeys-panel.tsx';
import { TotpSetupPanel } from '#web/components/two-factor/totp-setup-panel.tsx';
import { useTwoFactorStatus } from '#web/components/two-factor/two-factor-api.ts';
import { Button } from '#web/components/ui/button.tsx';

/**
 * Admins must have a second factor (decision 072). While the server requires it of this admin
 * (requireAdminTwoFactor, and another admin has one), the enrolment screen stands in for the
 * dashboard, whose calls would answer 403. Until then an admin without one, the bootstrap admin at
 * first sign-in included, is asked above the dashboard.
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus('admin');
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  if (status.data?.enrolmentRequired) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert">
          Admins must use two-factor sign-in. Set up an authenticator app or add a passkey to continue to the
          dashboard.
        </p>
        <TotpSetupPanel
          area="admin"
          title="Set up two-factor sign-in"
          onEnrolled={() => void status.refetch()}
        />
        <PasskeysPanel area="admin" onAdded={() => void status.refetch()} />
      </div>
    );
  }

  const suggest = status.data && !status.data.totpEnabled && !status.data.passkeys && !dismissed;
  return (
    <>
      {suggest && !open && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p>Protect the admin account: set up two-factor sign-in with an authenticator app or a passkey.</p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setOpen(true)}>
              Set up now
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
              Later
            </Button>
          </div>
        </div>
      )}
      {open && (
        <div className="mb-6 max-w-xl space-y-4">
          <TotpSetupPanel
            area="admin"
            title="Set up two-factor sign-in"
            onEnrolled={() => {
              setOpen(false);
              void status.refetch();
            }}
          />
          <PasskeysPanel
            area="admin"
            onAdded={() => {
              setOpen(false);
              void status.refetch();
            }}
          />
        </div>
      )}
      {children}
    </>
  );
}
