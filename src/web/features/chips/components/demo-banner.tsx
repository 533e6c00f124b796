import { cn } from '#web/components/ui/cn.ts';
import { DEMO_BANNER_TEXT } from '../lib/chip-format.ts';

/** The spec's yellow banner on demo chips (isDemoChip / chip.isDemo). */
export function DemoBanner({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'bg-yellow-300 px-3 py-1.5 text-center text-xs font-semibold tracking-wide text-yellow-950',
        className,
      )}
    >
      {DEMO_BANNER_TEXT}
    </p>
  );
}
