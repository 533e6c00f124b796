import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { Chip } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { UrlActionForm, useUrlAction } from '#web/lib/url-action.tsx';
import type { LazyCheckoutDialog as CheckoutDialog } from '#web/features/checkout/index.ts';

// The checkout is its own chunk, and so is the checkout feature's index (its hooks and the schemas they
// parse with, which take a long task to build): chip pages load both only when a buyer opens it.
const LazyCheckoutDialog = lazy(async () => {
  const { LazyCheckoutDialog: Dialog } = await import('#web/features/checkout/index.ts');
  return {
    default: (props: ComponentProps<typeof CheckoutDialog>) => <Dialog {...props} />,
  };
});

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
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const action = `buy-${chip.id}`;
  useUrlAction(action, open);
  return (
    <>
      <UrlActionForm action={action}>
        <Button type="submit" size="lg" className={className} onClick={open}>
          {label}
        </Button>
      </UrlActionForm>
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
