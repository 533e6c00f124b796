import { Suspense, useState } from 'react';
import type { MintData } from '#shared/checkout.schemas.ts';
import { LazyCheckoutDialog } from '#web/features/checkout/index.ts';
import { CreateMintDialog } from './create-mint-dialog.tsx';

type MintFlowProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Start on 'Surprize mint' rather than 'Custom mint'. */
  isSurprize?: boolean;
};

/**
 * The mint flow of a signed-in user (spec §4): 'Create Your Artchip', then the 'Complete Your Mint'
 * checkout, then the payment page.
 */
export function MintFlow({ open, onOpenChange, isSurprize = false }: MintFlowProps) {
  const [mint, setMint] = useState<MintData | null>(null);
  return (
    <>
      <CreateMintDialog
        open={open && !mint}
        onOpenChange={onOpenChange}
        onProceed={setMint}
        initialIsSurprize={isSurprize}
      />
      {mint && (
        <Suspense fallback={null}>
          <LazyCheckoutDialog
            open={open}
            onOpenChange={(isOpen) => {
              if (isOpen) return;
              setMint(null);
              onOpenChange(false);
            }}
            target={{ orderType: 'mint', mintData: mint }}
          />
        </Suspense>
      )}
    </>
  );
}
