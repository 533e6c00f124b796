import { Suspense, useState } from 'react';
import { Handshake } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { HANDOVER_TAP_MINUTES, type HandoverTap } from '#shared/handovers.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LazyHandoverDialog } from '#web/features/orders/index.ts';

/**
 * What the owner's own fresh tap offers them (decision 038): "Hand over", which opens a handover from this
 * tap, so only taps made after it can claim the chip.
 */
export function OwnerHandoverPanel({ chip, tap }: { chip: Pick<Chip, 'id' | 'title'>; tap: HandoverTap }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section
      aria-labelledby="owner-handover-heading"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id="owner-handover-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Handshake className="h-5 w-5" aria-hidden="true" />
        This {BRAND.name} is yours
      </h2>
      <p className="text-sm text-gray-800">
        Handing it to someone here? Start a handover from this tap: the next person to tap it after you can
        claim it. This tap can start one for the next {HANDOVER_TAP_MINUTES} minutes.
      </p>
      <Button type="button" size="lg" onClick={() => setIsOpen(true)}>
        Hand over
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LazyHandoverDialog chip={chip} tapToken={tap.token} open onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </section>
  );
}
