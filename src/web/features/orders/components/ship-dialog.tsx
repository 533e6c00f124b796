import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { countryName, normalizeCountryCode } from '#shared/address-format.ts';
import {
  ADDRESS_WITHOUT_COUNTRY_MESSAGE,
  formatAddressLine,
  type ShippingAddress,
} from '#shared/addresses.schemas.ts';
import { SELECT_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import {
  INSURED_SHIPPING_LABEL,
  insuredShippingCentsFor,
  isDomesticCountry,
  shippingCentsFor,
} from '#shared/pricing.ts';
import { toPricingSettings, type PaymentMethod, type SiteSettings } from '#shared/settings.schemas.ts';
import { AddressFormDialog, type CheckedAddress } from '#web/components/address-form-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { INPUT_CLASS } from '#web/components/ui/field.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCreateShippingAddress } from '#web/lib/api/create-shipping-address.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useShippingAddresses } from '#web/lib/api/list-shipping-addresses.ts';
import { useGoToPayment } from '#web/features/checkout/index.ts';
import { PaymentMethodFieldset } from './payment-method-fieldset.tsx';
import { useShipArtchip } from '../api/ship-artchip.ts';

type ShipDialogProps = {
  /** highestSaleCents: what the chip is insured for above the threshold (decision 066). */
  chip: { id: number; title: string; highestSaleCents: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * What shipping to `address` costs with `method`, as the server will charge it: postage, and shipping
 * protection on the chip's highest sale above the threshold; null without a country.
 */
function shippingQuote(
  settings: SiteSettings,
  address: ShippingAddress,
  method: PaymentMethod,
  insuredValueCents: number,
) {
  const country = normalizeCountryCode(address.country);
  if (!country) return null;
  const pricing = toPricingSettings(settings);
  return {
    countryName: countryName(country) ?? country,
    isDomestic: isDomesticCountry(country),
    cents: shippingCentsFor({ settings: pricing, paymentMethod: method, shippingOption: 'ship', country }),
    insuranceCents: insuredShippingCentsFor({
      settings: pricing,
      shippingOption: 'ship',
      priceCents: insuredValueCents,
    }),
  };
}

/**
 * 'Ship to me': a shipping order for a chip kept in the vault, paid like a checkout. The owner picks a
 * saved address or adds one here, and sees the price for that address before paying.
 */
export function ShipDialog({ chip, open, onOpenChange }: ShipDialogProps) {
  const toast = useToast();
  const goToPayment = useGoToPayment();
  const addresses = useShippingAddresses({ enabled: open });
  const settings = useSiteSettings({ enabled: open });
  const ship = useShipArtchip();
  const createAddress = useCreateShippingAddress();
  const [addressId, setAddressId] = useState<string>('');
  const [isAdding, setIsAdding] = useState(false);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState<string | null>(null);
  const methods = settings.data?.paymentMethods.purchase ?? [];
  const chosenMethod = method || methods[0];
  const saved = addresses.data ?? [];
  const defaultAddress = saved.find((a) => a.isDefault) ?? saved[0];
  const chosenId = addressId || (defaultAddress ? String(defaultAddress.id) : '');
  const chosenAddress = saved.find((a) => String(a.id) === chosenId);
  const quote =
    settings.data && chosenAddress && chosenMethod
      ? shippingQuote(settings.data, chosenAddress, chosenMethod, chip.highestSaleCents)
      : null;

  async function addAddress(input: CheckedAddress): Promise<boolean> {
    try {
      const created = await createAddress.mutateAsync(input);
      setAddressId(String(created.id));
      setError(null);
      toast({ title: 'Address Added', description: 'Your shipping address has been saved.' });
      return true;
    } catch (err) {
      toast({
        title: 'Failed to add shipping address',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  }

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
          shippingAddressId: chosenAddress.id,
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
  const hasNoCountry = chosenAddress !== undefined && normalizeCountryCode(chosenAddress.country) === null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Ship ${chip.title} to me`}
      description="Choose where it goes; shipping is priced for that address."
    >
      {isLoading ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {saved.length === 0 ? (
            <p className="text-sm text-gray-800">You have no saved shipping address yet.</p>
          ) : (
            <div className="space-y-1">
              <label htmlFor="ship-address" className="block text-sm font-medium text-gray-800">
                Shipping address
              </label>
              <select
                id="ship-address"
                className={INPUT_CLASS}
                value={chosenId}
                onChange={(e) => setAddressId(e.target.value)}
              >
                {saved.map((a) => (
                  <option key={a.id} value={a.id}>
                    {formatAddressLine(a)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <Button variant="secondary" size="sm" onClick={() => setIsAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a new address
          </Button>
          <PaymentMethodFieldset
            legend="Pay shipping with"
            name="ship-method"
            methods={methods}
            value={chosenMethod}
            onChange={setMethod}
          />
          <div aria-live="polite" className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
            {hasNoCountry ? (
              <p className="text-red-800">{ADDRESS_WITHOUT_COUNTRY_MESSAGE}</p>
            ) : quote ? (
              <>
                <p className="flex justify-between gap-3 text-gray-900">
                  <span>
                    Shipping to {quote.countryName} ({quote.isDomestic ? 'domestic' : 'international'})
                  </span>
                  <span className="font-semibold">{quote.cents > 0 ? formatUsd(quote.cents) : 'Free'}</span>
                </p>
                {quote.insuranceCents > 0 && (
                  <>
                    <p className="mt-1 flex justify-between gap-3 text-gray-900">
                      <span>{INSURED_SHIPPING_LABEL}</span>
                      <span className="font-semibold">{formatUsd(quote.insuranceCents)}</span>
                    </p>
                    <p className="mt-1 flex justify-between gap-3 border-t border-gray-200 pt-1 font-semibold text-gray-900">
                      <span>Total</span>
                      <span>{formatUsd(quote.cents + quote.insuranceCents)}</span>
                    </p>
                  </>
                )}
              </>
            ) : (
              <p className="text-gray-700">Add an address to see the shipping price.</p>
            )}
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={ship.isPending || hasNoCountry}>
            {ship.isPending ? 'Processing...' : 'Request Shipping'}
          </Button>
        </form>
      )}
      <AddressFormDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        onSave={addAddress}
        canChooseDefault={saved.length > 0}
      />
    </Dialog>
  );
}
