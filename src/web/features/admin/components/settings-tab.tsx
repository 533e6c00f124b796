import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '#shared/brand.ts';
import {
  PAYMENT_METHODS,
  UpdateSiteSettingsInputSchema,
  type FeeBase,
  type PaymentMethod,
  type SiteSettings,
} from '#shared/settings.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useAdminSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { CheckboxField } from './admin-ui.tsx';
import { DemoCataloguePanel } from './demo-catalogue-panel.tsx';
import { LegalPagesEditor } from './legal-pages-editor.tsx';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  paypal: 'PayPal',
  artchip: `${BRAND.ticker} token`,
};

/** Settings: every fee, price and percentage the site states (PRODUCT.md "One source of truth for money"). */
export function SettingsTab() {
  const { data, isPending, error } = useAdminSettings();
  if (isPending) return <Skeleton className="h-96 w-full" />;
  if (error || !data) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Failed to load settings.
      </p>
    );
  }
  return (
    <div className="space-y-12">
      <SettingsForm settings={data} />
      <LegalPagesEditor />
      <DemoCataloguePanel />
    </div>
  );
}

const MONEY_FIELDS = [
  ['customMintingCost', 'Custom minting cost (USD)'],
  ['surprizeMintingCost', 'Surprize minting cost (USD)'],
  ['domesticShippingRate', 'Domestic shipping (USD)'],
  ['internationalShippingRate', 'International shipping (USD)'],
] as const;

const PERCENT_FIELDS = [
  ['artchipDiscountPercent', `${BRAND.ticker} discount (%)`],
  ['platformFeePercent', 'Platform fee (%)'],
  ['creatorRoyaltyPercent', "Creator's royalty on resales, out of the fee (%)"],
  ['paypalMarkupPercent', 'PayPal markup (%)'],
] as const;

const FEE_BASE_OPTIONS: ReadonlyArray<readonly [FeeBase, string]> = [
  [
    'highest',
    "The chip's highest sale price, this sale included (a resale below it pays more than its own share)",
  ],
  ['sale', "This sale's price"],
];

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const update = useUpdateSettings();
  const toast = useToast();
  const form = useForm<SiteSettings>({
    resolver: zodResolver(UpdateSiteSettingsInputSchema) as never,
    defaultValues: settings,
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Settings Updated', description: 'The site settings were saved.' });
    } catch (err) {
      applyServerErrors(form, err);
      toast({
        title: 'Error',
        description: 'Failed to update settings. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="max-w-3xl space-y-6" noValidate>
      <h2 className="text-xl font-semibold text-gray-900">Site Settings</h2>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Prices and shipping</legend>
        {MONEY_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            inputMode="decimal"
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Percentages</legend>
        {PERCENT_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            type="number"
            min={0}
            max={100}
            step={0.01}
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
        <TextField
          label="Token fallback price (USD)"
          inputMode="decimal"
          error={errors.tokenFallbackPriceUsd?.message}
          {...register('tokenFallbackPriceUsd')}
        />
        <CheckboxField
          label={`Free shipping for ${BRAND.ticker} payments`}
          {...register('artchipFreeShipping')}
        />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="mb-2 font-semibold text-gray-900">Platform fee base</legend>
        <p className="text-xs text-gray-600">What the platform fee percentage is taken of on each sale.</p>
        {FEE_BASE_OPTIONS.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value={value} {...register('feeBase')} />
            {label}
          </label>
        ))}
        {errors.feeBase?.message && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.feeBase.message}
          </p>
        )}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Payment methods</legend>
        {(['mint', 'purchase'] as const).map((kind) => (
          <fieldset key={kind}>
            <legend className="text-sm font-medium text-gray-800">
              {kind === 'mint' ? 'Mints' : 'Purchases'}
            </legend>
            <div className="mt-1 space-y-1">
              {PAYMENT_METHODS.map((method) => (
                <label key={method} className="flex items-center gap-2 text-sm text-gray-800">
                  <input type="checkbox" value={method} {...register(`paymentMethods.${kind}`)} />
                  {METHOD_LABELS[method]}
                </label>
              ))}
            </div>
            {errors.paymentMethods?.[kind]?.message && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.paymentMethods[kind].message}
              </p>
            )}
          </fieldset>
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold text-gray-900">Landing page</legend>
        <CheckboxField
          label="Show the under-construction banner on the landing page"
          {...register('showLaunchBanner')}
        />
        <p className="text-xs text-gray-600">Switch it off when the shop launches.</p>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="mb-2 font-semibold text-gray-900">Admin sign-in</legend>
        <CheckboxField label="Admins must use two-factor sign-in" {...register('requireAdminTwoFactor')} />
        <p className="text-xs text-gray-600">
          Once one admin has set up an authenticator app, every admin must set one up before using the admin
          tools.
        </p>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Shipping protection</legend>
        <TextField
          label="Insure shipments of chips over (USD)"
          inputMode="decimal"
          hint="A shipped chip priced above this is insured and signed for on delivery."
          error={errors.insuredShippingThresholdUsd?.message}
          {...register('insuredShippingThresholdUsd')}
        />
        <TextField
          label="Insurance and signature (% of the price)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          hint="Added to the buyer's shipping at checkout and shown in the quote."
          error={errors.insuredShippingPercent?.message}
          {...register('insuredShippingPercent')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Payouts</legend>
        <TextField
          label="Payout hold (days)"
          type="number"
          min={0}
          max={365}
          step={1}
          hint="Seller proceeds become payable this many days after the sale settles."
          error={errors.payoutHoldDays?.message}
          {...register('payoutHoldDays', { valueAsNumber: true })}
        />
        <TextField
          label="New payout destination hold (hours)"
          type="number"
          min={0}
          max={720}
          step={1}
          hint="A new or changed payout destination receives payouts only this many hours after it was set."
          error={errors.payoutDestinationHoldHours?.message}
          {...register('payoutDestinationHoldHours', { valueAsNumber: true })}
        />
        <TextField
          label="Fast-flip hold (days)"
          type="number"
          min={0}
          max={365}
          step={1}
          hint="Proceeds of reselling a chip bought fewer days ago than this wait until that purchase is this old."
          error={errors.flipHoldDays?.message}
          {...register('flipHoldDays', { valueAsNumber: true })}
        />
        <TextField
          label="Dispute fee (cents)"
          type="number"
          min={0}
          max={100000}
          step={1}
          hint="What a lost card or PayPal dispute costs the platform (the provider's fee), booked when it is lost."
          error={errors.disputeFeeCents?.message}
          {...register('disputeFeeCents', { valueAsNumber: true })}
        />
        <TextField
          label="Auto-delivery (days)"
          type="number"
          min={1}
          max={365}
          step={1}
          hint="A shipment nobody confirmed (by tap or “I received it”) counts as delivered this many days after shipping."
          error={errors.autoDeliveryDays?.message}
          {...register('autoDeliveryDays', { valueAsNumber: true })}
        />
        <TextField
          label="Buyer protection window (days after delivery)"
          type="number"
          min={1}
          max={365}
          step={1}
          hint="A buyer may report damage or a chip not as described this many days after delivery."
          error={errors.caseWindowDays?.message}
          {...register('caseWindowDays', { valueAsNumber: true })}
        />
        <TextField
          label="Not received window (days after shipping)"
          type="number"
          min={1}
          max={365}
          step={1}
          hint="A buyer whose chip has not arrived may report it this many days after shipping."
          error={errors.caseNotReceivedDays?.message}
          {...register('caseNotReceivedDays', { valueAsNumber: true })}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Reporting thresholds</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">
          The Accounting tab flags sellers past these in a calendar year. US Form 1099-K: more than the gross
          and more than the sales. EU DAC7: the sales reached, or more than the gross. DAC7&apos;s €2,000 is
          held in USD: set it to €2,000 at the ECB rate of the year&apos;s last day.
        </p>
        <TextField
          label="1099-K gross sales (USD)"
          inputMode="decimal"
          error={errors.reporting1099kGrossUsd?.message}
          {...register('reporting1099kGrossUsd')}
        />
        <TextField
          label="1099-K number of sales"
          type="number"
          min={0}
          step={1}
          error={errors.reporting1099kSales?.message}
          {...register('reporting1099kSales', { valueAsNumber: true })}
        />
        <TextField
          label="DAC7 gross sales (USD for €2,000)"
          inputMode="decimal"
          error={errors.reportingDac7GrossUsd?.message}
          {...register('reportingDac7GrossUsd')}
        />
        <TextField
          label="DAC7 number of sales"
          type="number"
          min={0}
          step={1}
          error={errors.reportingDac7Sales?.message}
          {...register('reportingDac7Sales', { valueAsNumber: true })}
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold text-gray-900">Vault</legend>
        <TextAreaField
          label="Vault address"
          rows={4}
          hint={`Where owners send ${BRAND.plural} back to the vault, as written on a parcel. Empty: the vault takes nothing in yet.`}
          error={errors.vaultAddress?.message}
          {...register('vaultAddress')}
        />
      </fieldset>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
