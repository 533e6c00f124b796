import { usePaypalMarkupPercent } from '../api/get-paypal-markup.ts';
import { formatPercent } from '../lib/chip-format.ts';

/**
 * 'PayPal payments accepted (20% markup applies)' for chips whose owner takes direct PayPal. The
 * percentage comes from site settings; if they cannot be read the note names no figure.
 */
export function PaypalNote({ isEnabled }: { isEnabled: boolean }) {
  const markup = usePaypalMarkupPercent({ enabled: isEnabled });
  if (!isEnabled || markup.isPending) return null;
  return (
    <p className="text-sm text-gray-800">
      {markup.data
        ? `PayPal payments accepted (${formatPercent(markup.data)}% markup applies)`
        : 'PayPal payments accepted (a markup applies)'}
    </p>
  );
}
