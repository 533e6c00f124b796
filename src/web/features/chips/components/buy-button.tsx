import { Suspense, useState } from 'react';
import type { Chip } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
// The checkout is its own chunk: chip pages load it only when a buyer opens it.
import { LazyCheckoutDialog } from '#web/features/checkout/index.ts';

export type BuyButtonProps = {
  chip: Chip;
  /** 'Buy Now' on the chip page, 'Purchase Artchip' on /uid. */
  label?: string;
  className?: string;
};

/**
 * Starts a purchase: opens 'Complete Your Purchase' for visitors (who give an e-mail) and signed-in
 * users alike. Render it only where the viewer's chip.actions.buy allows it.
 */
export function BuyButton({ chip, label = 'Buy Now', className }: BuyButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        size="lg"
        className={className}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        {label}
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <LazyCheckoutDialog
            open={isOpen}
            onOpenChange={setIsOpen}
            target={{
              orderType: 'purchase',
              artchip: { id: chip.id, title: chip.title, paypalEnabled: chip.paypalEnabled },
            }}
          />
        </Suspense>
      )}
    </>
  );
}
