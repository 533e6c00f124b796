import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PaymentOption } from '#shared/checkout.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { PAYMENT_METHOD_LABELS } from '../lib/payment-labels.ts';

type PaymentMethodOptionsProps = {
  options: PaymentOption[];
  registration: UseFormRegisterReturn<'paymentMethod'>;
  /** Text under the PayPal option (direct PayPal's convenience fee), when it applies. */
  paypalNote?: string | undefined;
  /** Text under the token option (its discount), when it applies. */
  tokenNote?: string | undefined;
  error?: string | undefined;
};

/** The payment methods this order type offers; demo ones are labelled 'Demo'. */
export function PaymentMethodOptions({
  options,
  registration,
  paypalNote,
  tokenNote,
  error,
}: PaymentMethodOptionsProps) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'payment-method-error' : undefined}>
      <legend className="text-sm font-semibold text-gray-900">Payment method</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const note =
            option.method === 'paypal' ? paypalNote : option.method === 'artchip' ? tokenNote : undefined;
          return (
            <label
              key={option.method}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={option.method} className="mt-1" {...registration} />
              <span className="space-y-1">
                <span className="flex flex-wrap items-center gap-1 text-sm font-medium text-gray-900">
                  {PAYMENT_METHOD_LABELS[option.method]}
                  {option.mode === 'demo' && <Badge tone="yellow">Demo</Badge>}
                </span>
                {note && <span className="block text-xs text-gray-700">{note}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="payment-method-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
