import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useIsDemoPayments } from '#web/lib/api/get-site-info.ts';
import { PAYMENT_METHOD_LABELS } from '#web/features/checkout/index.ts';

type PaymentMethodFieldsetProps = {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  methods: readonly PaymentMethod[];
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
};

/** The payment method radios of an owner's paid move (ship to me, transfer), each marked Demo in demo mode. */
export function PaymentMethodFieldset({
  legend,
  name,
  methods,
  value,
  onChange,
}: PaymentMethodFieldsetProps) {
  const demoPayments = useIsDemoPayments();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      {methods.map((m) => (
        <label key={m} className="flex items-center gap-2 text-sm text-gray-800">
          <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} />
          {PAYMENT_METHOD_LABELS[m]}
          {demoPayments.data && <Badge tone="yellow">Demo</Badge>}
        </label>
      ))}
    </fieldset>
  );
}
