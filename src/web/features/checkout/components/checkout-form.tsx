import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { Loader2 } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import {
  INCOMPLETE_ADDRESS_MESSAGE,
  SELECT_ADDRESS_MESSAGE,
  type MintData,
  type PaymentOption,
  type QuoteRequestInput,
} from '#shared/checkout.schemas.ts';
import { type CheckoutRequest, type CheckoutRequestInput } from '#shared/checkout-request.schemas.ts';
import { countryName, normalizeCountryCode } from '#shared/address-format.ts';
import { DEFAULT_ADDRESS_COUNTRY } from '#shared/addresses.schemas.ts';
import { shippingCentsFor } from '#shared/pricing.ts';
import { toPricingSettings, type PaymentMethod, type SiteSettings } from '#shared/settings.schemas.ts';
import type { ShippingAddress } from '#shared/addresses.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyServerErrors, serverFieldError } from '#web/lib/form-errors.ts';
import { SHIPPING_ADDRESSES_QUERY_KEY } from '#web/lib/api/list-shipping-addresses.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { useEmailCheck } from '../api/check-email.ts';
import { useCreateCheckout } from '../api/create-checkout.ts';
import { useCheckoutQuote } from '../api/get-checkout-quote.ts';
import {
  checkoutFormSchema,
  NEW_ADDRESS_FIELDS,
  parseAddressSelectValue,
  type CheckoutForm,
} from '../lib/checkout-form.ts';
import { assignLocation } from '../lib/browser-navigation.ts';
import { rememberGuestToken } from '../lib/guest-token.ts';
import { resolvePaymentRedirect, storeCardPaymentSecrets } from '../lib/payment-redirect.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentMethodOptions } from './payment-method-options.tsx';
import { ShippingFields } from './shipping-fields.tsx';
import { REFUND_RULE } from '#shared/refund-rule.ts';

/** What is being checked out: a mint from the create dialog, or a listed chip (maybe at an offer's price). */
export type CheckoutTarget =
  | { orderType: 'mint'; mintData: MintData }
  | {
      orderType: 'purchase';
      /** paypalEnabled: the seller takes direct PayPal (with the settings' convenience fee). */
      artchip: { id: number; title: string; paypalEnabled?: boolean };
      offerId?: number | undefined;
    };

/** Spec §7 "the unauthorized path": where a signed-out session is sent to log in again. */
const UNAUTHORIZED_REDIRECT_PATH = '/api/login';

/** Spec §9: the unauthorized redirect waits 500 ms so the toast can be read. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * What the e-mail lookup may say before checkout. It cannot tell an account with a password (which must
 * sign in: the server answers 409 with EMAIL_REGISTERED_MESSAGE) from the password-less account an
 * earlier guest checkout made (its owner is mailed a set-password link: 409 with
 * GUEST_ACCOUNT_EXISTS_MESSAGE, docs/decisions/035), so it only suggests signing in.
 */
export const EMAIL_HAS_ACCOUNT_HINT = 'Already have a password for this email?';

/** The server refusing a guest checkout with a registered e-mail: 409 with its message at `email`. */
function isEmailRegisteredError(err: ApiRequestError): boolean {
  return err.status === 409 && serverFieldError(err, 'email') !== undefined;
}

type CheckoutFormViewProps = {
  target: CheckoutTarget;
  settings: SiteSettings;
  isDemoPayments: boolean;
  addresses: ShippingAddress[];
};

function formatPercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent;
}

export function CheckoutFormView({ target, settings, isDemoPayments, addresses }: CheckoutFormViewProps) {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckout();
  const [serverError, setServerError] = useState<string | null>(null);
  /** The e-mail the server refused as registered: the link to sign in shows while it is entered. */
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  // Signing in from checkout comes back to the page it was opened on.
  const loginHref = useReturnHref(ROUTES.login);

  const isPurchase = target.orderType === 'purchase';
  const requiresEmail = isPurchase && !user;
  const allowedMethods = settings.paymentMethods[target.orderType];
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  const schema = useMemo(() => checkoutFormSchema({ requiresEmail }), [requiresEmail]);

  const form: CheckoutForm = useForm<CheckoutRequestInput, unknown, CheckoutRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: '',
      paymentMethod: allowedMethods[0] ?? 'artchip',
      shippingOption: 'ship',
      shippingAddressId: defaultAddress ? defaultAddress.id : 'new',
      newAddressName: '',
      newAddressLine1: '',
      newAddressLine2: '',
      newAddressCity: '',
      newAddressState: '',
      newAddressZip: '',
      newAddressCountry: DEFAULT_ADDRESS_COUNTRY,
      saveAddress: false,
      orderType: target.orderType,
      ...(target.orderType === 'purchase'
        ? { artchipId: target.artchip.id, offerId: target.offerId }
        : { mintData: target.mintData }),
    },
  });
  const [email, paymentMethodValue, shippingOption, addressValue, newAddressCountry] = useWatch({
    control: form.control,
    name: ['email', 'paymentMethod', 'shippingOption', 'shippingAddressId', 'newAddressCountry'],
  });
  const paymentMethod: PaymentMethod =
    paymentMethodValue === 'usd' || paymentMethodValue === 'creditcard' ? 'card' : paymentMethodValue;
  const addressId = parseAddressSelectValue(addressValue);
  const savedAddress = typeof addressId === 'number' ? addresses.find((a) => a.id === addressId) : undefined;
  // Shipping is priced for the address it goes to: the chosen saved address, or the new one's country.
  const country = savedAddress ? savedAddress.country : (newAddressCountry ?? '');
  const destination =
    shippingOption === 'ship' && country
      ? {
          country,
          shippingCents: shippingCentsFor({
            settings: toPricingSettings(settings),
            paymentMethod,
            shippingOption,
            country,
          }),
        }
      : null;

  const quoteInput: QuoteRequestInput = {
    orderType: target.orderType,
    paymentMethod,
    shippingOption,
    country: country || DEFAULT_ADDRESS_COUNTRY,
    shippingAddressId: shippingOption === 'ship' ? addressId : null,
    ...(target.orderType === 'purchase'
      ? { artchipId: target.artchip.id, ...(target.offerId ? { offerId: target.offerId } : {}) }
      : { isSurprize: target.mintData.isSurprize }),
  };
  const quote = useCheckoutQuote(quoteInput, { enabled: true });
  const emailState = useEmailCheck(email ?? '', { enabled: requiresEmail });

  const paymentOptions: PaymentOption[] =
    quote.data?.paymentOptions ??
    allowedMethods.map((method) => ({ method, mode: isDemoPayments ? 'demo' : 'live' }));
  const isMethodAllowed = quote.data ? quote.data.isPaymentMethodAllowed : true;
  const discountPercent = formatPercent(settings.artchipDiscountPercent);
  const tokenNote =
    isPurchase && settings.artchipDiscountPercent !== '0.00'
      ? `${discountPercent}% off when you pay with ${BRAND.ticker}`
      : undefined;
  const paypalNote =
    target.orderType === 'purchase' && target.artchip.paypalEnabled
      ? `Paid to the seller's PayPal, with a ${formatPercent(settings.paypalMarkupPercent)}% convenience fee`
      : undefined;

  const isBusy = checkout.isPending || isRedirecting;
  // The lookup never blocks: only the server knows whether the e-mail's account has a password.
  const isSubmitBlocked = isBusy || !isMethodAllowed;
  const isEmailRegistered = registeredEmail !== null && registeredEmail === email?.trim().toLowerCase();

  function showInvalidToast(errors: FieldErrors<CheckoutRequestInput>) {
    if (errors.email) {
      toast({ title: 'Invalid Email', description: errors.email.message, variant: 'destructive' });
    } else if (errors.shippingAddressId) {
      toast({ title: 'No Address Selected', description: SELECT_ADDRESS_MESSAGE, variant: 'destructive' });
    } else if (NEW_ADDRESS_FIELDS.some((field) => errors[field])) {
      toast({ title: 'Incomplete Address', description: INCOMPLETE_ADDRESS_MESSAGE, variant: 'destructive' });
    } else {
      const first = Object.values(errors).find((e) => e && typeof e.message === 'string');
      toast({
        title: 'Checkout Error',
        description: (first?.message as string | undefined) ?? 'Please check the form and try again.',
        variant: 'destructive',
      });
    }
  }

  function showCheckoutError(err: unknown, values: CheckoutRequest) {
    if (!(err instanceof ApiRequestError)) {
      toast({
        title: 'Something went wrong during checkout',
        description: 'Failed to process checkout. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    if (err.endedSession === 'user') {
      // The API client has signed this page out already; a purchase says so in the spec's words (§8).
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      setTimeout(() => assignLocation(UNAUTHORIZED_REDIRECT_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS);
      return;
    }
    applyServerErrors(form, err);
    if (isEmailRegisteredError(err)) {
      // Its field error (set and focused above) says so at the e-mail field, with the link to sign in below it.
      setRegisteredEmail(values.email?.trim().toLowerCase() ?? null);
    } else if (err.status === 409 || err.status === 422) {
      // A reserved or sold chip: say so in the dialog, not only in a toast.
      setServerError(err.message);
    }
    toast({ title: 'Checkout Error', description: err.message, variant: 'destructive' });
  }

  async function submit(values: CheckoutRequest) {
    setServerError(null);
    try {
      const body: CheckoutRequestInput = { ...values, email: requiresEmail ? values.email : undefined };
      const response = await checkout.mutateAsync(body);
      if (values.paymentMethod === 'card') storeCardPaymentSecrets(response);
      rememberGuestToken(response.orderId, response.guestToken);
      if (values.saveAddress) void queryClient.invalidateQueries({ queryKey: SHIPPING_ADDRESSES_QUERY_KEY });
      const redirect = resolvePaymentRedirect(response, values.paymentMethod, window.location.origin);
      setIsRedirecting(true);
      if (redirect.kind === 'external') assignLocation(redirect.url);
      else navigate(redirect.path);
    } catch (err) {
      setIsRedirecting(false);
      showCheckoutError(err, values);
    }
  }

  const emailError = form.formState.errors.email?.message;

  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(submit, showInvalidToast)(e)}
      className="space-y-5"
    >
      <p className="text-sm text-gray-800">
        {target.orderType === 'purchase' ? (
          <>
            Buying <span className="font-semibold">{target.artchip.title}</span>
            {target.offerId ? ' at your accepted offer' : ''}
          </>
        ) : (
          <>
            Minting <span className="font-semibold">{target.mintData.title}</span> (
            {target.mintData.isSurprize ? 'surprize mint' : 'custom mint'})
          </>
        )}
      </p>

      {requiresEmail && (
        <div className="space-y-1">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={emailError}
            hint="We'll send your receipt here and set up your account."
            {...form.register('email')}
          />
          <div aria-live="polite" className="min-h-5 text-sm">
            {isEmailRegistered ? (
              <Link to={loginHref} className="font-medium text-brand-700 underline">
                Sign In
              </Link>
            ) : emailState === 'checking' ? (
              <span className="inline-flex items-center gap-1 text-gray-700">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                Checking email...
              </span>
            ) : emailState === 'registered' ? (
              <span className="text-gray-900">
                {EMAIL_HAS_ACCOUNT_HINT}{' '}
                <Link to={loginHref} className="font-medium text-brand-700 underline">
                  Sign In
                </Link>
              </span>
            ) : null}
          </div>
        </div>
      )}
      {isPurchase && user && <p className="text-sm text-gray-700">Your receipt goes to {user.email}.</p>}

      <ShippingFields
        form={form}
        addresses={addresses}
        destination={destination}
        shippingRates={{
          domestic: settings.domesticShippingRate,
          international: settings.internationalShippingRate,
        }}
      />

      <PaymentMethodOptions
        options={paymentOptions}
        registration={form.register('paymentMethod')}
        paypalNote={paypalNote}
        tokenNote={tokenNote}
        error={
          isMethodAllowed
            ? form.formState.errors.paymentMethod?.message
            : 'This payment method is not available for this order.'
        }
      />

      <OrderSummary
        summary={quote.data?.summary}
        isLoading={quote.isPending}
        isError={quote.isError}
        paypalMarkupPercent={settings.paypalMarkupPercent}
        insuredShippingPercent={settings.insuredShippingPercent}
        insuredShippingThresholdUsd={settings.insuredShippingThresholdUsd}
        shippingOption={shippingOption}
        paymentMethod={paymentMethod}
        destinationName={destination ? countryName(normalizeCountryCode(destination.country) ?? '') : null}
      />

      {serverError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {serverError}
        </p>
      )}

      <p className="text-xs text-gray-700">{REFUND_RULE}</p>

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitBlocked}>
        {isBusy ? 'Processing...' : target.orderType === 'mint' ? 'Complete Mint' : 'Complete Purchase'}
      </Button>
    </form>
  );
}
