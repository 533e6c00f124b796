import { useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useDemoCatalogue } from '../api/get-demo-catalogue.ts';
import { useRemoveDemoCatalogue } from '../api/remove-demo-catalogue.ts';
import { ConfirmDialog } from './admin-ui.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The demo catalogue a fresh install is seeded with (PRODUCT.md "Demo catalogue"), and its removal
 * once the shop has real chips: the demo chips go off the site; their purchases stay in the books.
 */
export function DemoCataloguePanel() {
  const { data, isPending, isError } = useDemoCatalogue();
  const remove = useRemoveDemoCatalogue();
  const toast = useToast();
  const [isConfirming, setConfirming] = useState(false);

  const onConfirm = () => {
    remove.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({
          title: 'Demo Catalogue Removed',
          description: `${plural(result.removedChips, `demo ${BRAND.name} was`, `demo ${BRAND.plural} were`)} taken off the site.`,
        });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to remove the demo catalogue. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <section aria-labelledby="demo-catalogue-heading" className="max-w-3xl space-y-3">
      <h3 id="demo-catalogue-heading" className="text-lg font-semibold text-gray-900">
        Demo catalogue
      </h3>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-800">
          Failed to load the demo catalogue.
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {data.visibleChips > 0
              ? `${plural(data.visibleChips, `demo ${BRAND.name} is`, `demo ${BRAND.plural} are`)} on the site, from ${plural(data.accounts, 'demo account', 'demo accounts')}. Remove them once the shop has real ${BRAND.plural}.`
              : data.hiddenChips > 0
                ? `The demo catalogue is off the site (${plural(data.hiddenChips, `${BRAND.name}`, BRAND.plural)} hidden).`
                : 'This site has no demo catalogue.'}{' '}
            {data.purchases > 0 &&
              `Its ${plural(data.purchases, 'purchase stays', 'purchases stay')} in the books and never count${data.purchases === 1 ? 's' : ''} in the figures.`}
          </p>
          <Button variant="danger" disabled={data.visibleChips === 0} onClick={() => setConfirming(true)}>
            Remove demo catalogue
          </Button>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setConfirming}
            title="Remove the demo catalogue?"
            description={`${plural(data.visibleChips, `demo ${BRAND.name}`, `demo ${BRAND.plural}`)} will be taken off the marketplace, galleries and chip pages, and open offers on them declined. Demo ${BRAND.plural} a real collector bought stay theirs.`}
            confirmLabel="Remove demo catalogue"
            busyLabel="Removing..."
            isBusy={remove.isPending}
            onConfirm={onConfirm}
          />
        </>
      )}
    </section>
  );
}
