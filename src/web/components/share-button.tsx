import { useEffect, useRef, useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button.tsx';
import { cn } from './ui/cn.ts';
import { useToast } from './ui/toast.tsx';

/** Spec §9: the copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;
/** Spec §8's copy failure. */
export const COPY_FAILED_MESSAGE = 'Failed to copy link to clipboard';

export type ShareButtonProps = {
  /** What is shared: the page's title (the link preview carries the rest). */
  title: string;
  /** A line to go with the link in the share sheet. */
  text?: string;
  /** The link; by default the current page's address, read when the button is pressed. */
  url?: string;
  /** What is shared, for screen readers: the button reads "Share {subject}". */
  subject?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
};

/**
 * Share a page: the device's share sheet where the browser has one (Web Share API: phones, some
 * desktops), otherwise the link is copied and the button itself says "Link copied" for 2 seconds
 * (said to screen readers too, through a status that is there before anything is said in it). It is
 * wide enough for both labels, so nothing moves when it changes.
 */
export function ShareButton({
  title,
  text,
  url,
  subject,
  variant = 'secondary',
  size = 'md',
  className,
}: ShareButtonProps) {
  const toast = useToast();
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const share = async () => {
    const link = url ?? window.location.href;
    const data = { title, text, url: link };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      if (timer.current) clearTimeout(timer.current);
      setIsCopied(true);
      timer.current = setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast({ title: COPY_FAILED_MESSAGE, variant: 'destructive' });
    }
  };

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn('min-w-[8.5rem]', isCopied && 'text-green-800', className)}
        onClick={() => void share()}
      >
        {isCopied ? (
          <>
            <Check className="h-4 w-4" aria-hidden="true" />
            Link copied
          </>
        ) : (
          <>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            Share{subject ? ' ' : ''}
            {subject && <span className="sr-only">{subject}</span>}
          </>
        )}
      </Button>
      <span role="status" className="sr-only">
        {isCopied ? 'Link copied' : ''}
      </span>
    </>
  );
}
