import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useIsDemoPayments } from '#web/lib/api/get-site-info.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useShippingAddresses } from '#web/lib/api/list-shipping-addresses.ts';
import { CheckoutFormView, type CheckoutTarget } from './checkout-form.tsx';

export type { CheckoutTarget } from './checkout-form.tsx';

type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: CheckoutTarget;
};

/**
 * 'Complete Your Mint' / 'Complete Your Purchase' (spec §2): delivery, payment method and the live
 * summary, then POST /api/checkout and on to the payment page.
 */
export function CheckoutDialog({ open, onOpenChange, target }: CheckoutDialogProps) {
  const title = target.orderType === 'mint' ? 'Complete Your Mint' : 'Complete Your Purchase';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-2xl">
      {open && <CheckoutLoader target={target} />}
    </Dialog>
  );
}

function CheckoutLoader({ target }: { target: CheckoutTarget }) {
  const { user } = useAuth();
  const settings = useSiteSettings();
  const demoPayments = useIsDemoPayments();
  const addresses = useShippingAddresses({ enabled: Boolean(user) });

  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Checkout is unavailable right now. Please try again.
      </p>
    );
  }
  // A failed address list only costs the saved-address choice; the buyer can still type one.
  const isAddressesReady = !user || addresses.isSuccess || addresses.isError;
  if (!settings.data || !isAddressesReady) {
    return (
      <div role="status" aria-label="Loading checkout" className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  return (
    <CheckoutFormView
      target={target}
      settings={settings.data}
      isDemoPayments={demoPayments.data ?? false}
      addresses={addresses.data ?? []}
    />
  );
}
