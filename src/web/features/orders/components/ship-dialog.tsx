import { useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { SELECT_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useShippingAddresses } from '#web/lib/api/list-shipping-addresses.ts';
import { useGoToPayment } from '#web/features/checkout/index.ts';
import { PaymentMethodFieldset } from './payment-method-fieldset.tsx';
import { useShipArtchip } from '../api/ship-artchip.ts';

type ShipDialogProps = {
  chip: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Ship to me': a shipping order for a chip kept in the vault, paid like a checkout. */
export function ShipDialog({ chip, open, onOpenChange }: ShipDialogProps) {
  const toast = useToast();
  const goToPayment = useGoToPayment();
  const addresses = useShippingAddresses({ enabled: open });
  const settings = useSiteSettings({ enabled: open });
  const ship = useShipArtchip();
  const [addressId, setAddressId] = useState<string>('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState<string | null>(null);
  const methods = settings.data?.paymentMethods.purchase ?? [];
  const chosenMethod = method || methods[0];
  const defaultAddress = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
  const chosenAddress = addressId || (defaultAddress ? String(defaultAddress.id) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!chosenAddress) {
      setError(SELECT_ADDRESS_MESSAGE);
      toast({ title: 'No Address Selected', description: SELECT_ADDRESS_MESSAGE, variant: 'destructive' });
      return;
    }
    try {
      const response = await ship.mutateAsync({
        id: chip.id,
        input: {
          shippingAddressId: Number(chosenAddress),
          ...(chosenMethod ? { paymentMethod: chosenMethod } : {}),
        },
      });
      await goToPayment(response, chosenMethod ?? 'card');
    } catch (err) {
      const message = errorMessage(err, 'Failed to request shipping. Please try again.');
      setError(message);
      toast({ title: 'Shipping request failed', description: message, variant: 'destructive' });
    }
  }

  const isLoading = addresses.isPending || settings.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Ship ${chip.title} to me`}
      description={
        settings.data
          ? `Shipping costs $${settings.data.domesticShippingRate} in the US and $${settings.data.internationalShippingRate} elsewhere.`
          : undefined
      }
    >
      {isLoading ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (addresses.data ?? []).length === 0 ? (
        <p className="text-sm text-gray-800">
          Add a shipping address in your Profile first.{' '}
          <Link
            to={`${ROUTES.dashboard}?tab=profile`}
            className="font-medium text-brand-700 underline"
            onClick={() => onOpenChange(false)}
          >
            Go to Profile
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <div className="space-y-1">
            <label htmlFor="ship-address" className="block text-sm font-medium text-gray-800">
              Shipping address
            </label>
            <select
              id="ship-address"
              className={INPUT_CLASS}
              value={chosenAddress}
              onChange={(e) => setAddressId(e.target.value)}
            >
              {addresses.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}, {a.addressLine1}, {a.city}, {a.state} {a.zipCode}, {a.country}
                </option>
              ))}
            </select>
          </div>
          <PaymentMethodFieldset
            legend="Pay shipping with"
            name="ship-method"
            methods={methods}
            value={chosenMethod}
            onChange={setMethod}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={ship.isPending}>
            {ship.isPending ? 'Processing...' : 'Request Shipping'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
