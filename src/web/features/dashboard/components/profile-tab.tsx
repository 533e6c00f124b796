import { PasskeysPanel } from '#web/components/passkeys/passkeys-panel.tsx';
import { TotpSetupPanel } from '#web/components/two-factor/totp-setup-panel.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { CreatorProfileForm } from './creator-profile-form.tsx';
import { PersonalInfoForm } from './personal-info-form.tsx';
import { ShippingAddresses } from './shipping-addresses.tsx';

/**
 * The dashboard's Profile tab: personal information, the public profile (bio, links), change
 * password, two-factor sign-in (decision 072), passkeys (decision 075), shipping addresses (spec §2).
 */
export function ProfileTab() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PersonalInfoForm key={user.id} user={user} />
      <CreatorProfileForm username={user.username} />
      <ChangePasswordForm />
      <TotpSetupPanel area="user" />
      <PasskeysPanel />
      <ShippingAddresses />
    </div>
  );
}
