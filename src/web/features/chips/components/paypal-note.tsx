import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { formatPercent } from '../lib/chip-format.ts';

/**
 * 'PayPal payments accepted (20% markup applies)' for chips whose owner takes direct PayPal. The
 * percentage comes from site settings; if they cannot be read the note names no figure.
 */
export function PaypalNote({ isEnabled }: { isEnabled: boolean }) {
  const settings = useSiteSettings({ enabled: isEnabled });
  if (!isEnabled || settings.isPending) return null;
  return (
    <p className="text-sm text-gray-800">
      {settings.data
        ? `PayPal payments accepted (${formatPercent(settings.data.paypalMarkupPercent)}% markup applies)`
        : 'PayPal payments accepted (a markup applies)'}
    </p>
  );
}
