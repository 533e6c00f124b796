import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from '#web/lib/router.tsx';
import { Sparkles } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
// The mint dialogs (upload, checkout) are their own chunk, loaded on first use.
import { LazyMintFlow } from '#web/features/mint/index.ts';

/** The dashboard's 'Mint an Artchip' area; `?mint=1` (links from other pages) opens the mint flow at once. */
export function MintArea() {
  const [params, setParams] = useSearchParams();
  const wantsMint = params.get('mint') === '1';
  const [isOpen, setIsOpen] = useState(wantsMint);
  const [hasOpened, setHasOpened] = useState(wantsMint);

  // The flow is open; drop the flag so a reload or going back does not open it again.
  useEffect(() => {
    if (!wantsMint) return;
    setParams(
      (p) => {
        p.delete('mint');
        return p;
      },
      { replace: true },
    );
  }, [wantsMint, setParams]);

  return (
    <section
      aria-labelledby="mint-heading"
      className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="mint-heading" className="text-lg font-semibold text-gray-900">
          Create something collectible
        </h2>
        <p className="mt-1 text-sm text-gray-800">
          Upload your art and we&apos;ll make it a {BRAND.chipSizeMm} mm {BRAND.name}, sealed in resin with an
          NFC tag.
        </p>
      </div>
      <Button
        size="lg"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <Sparkles className="h-5 w-5" aria-hidden="true" />
        Mint an {BRAND.name}
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <LazyMintFlow open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </section>
  );
}
