import { ExternalLink } from 'lucide-react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { useSiteInfo } from '#web/lib/api/get-site-info.ts';
import { safeExternalUrl } from '../lib/chip-format.ts';

/**
 * The live-auction button: the external live-shopping page from GET /api/site-info, opened in a
 * new tab. Without a known URL it says so instead of linking anywhere.
 */
export function LiveAuctionLink({
  label = 'Join the Live Auction',
  variant = 'primary',
  size = 'lg',
  noteClassName = 'text-gray-700',
}: {
  label?: string;
  /** Text colour of the "not announced" note, to suit a dark or light section. */
  noteClassName?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const info = useSiteInfo();
  const url = safeExternalUrl(info.data?.liveAuctionUrl);
  if (info.isPending) {
    return (
      <Button variant={variant} size={size} disabled>
        {label}
      </Button>
    );
  }
  if (!url)
    return <p className={`text-sm ${noteClassName}`}>The live-auction schedule will be announced soon.</p>;
  return (
    <Button asChild variant={variant} size={size}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {label}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
