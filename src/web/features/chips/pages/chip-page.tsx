import { Link, useParams } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useChip } from '../api/get-chip.ts';
import { useChipEvents } from '../api/get-chip-events.ts';
import { ChipDetail } from '../components/chip-detail.tsx';
import { ChipNotFound } from '../components/chip-not-found.tsx';
import { ProvenanceList } from '../components/provenance-list.tsx';

function Provenance({ chip }: { chip: Chip }) {
  const events = useChipEvents(chip.id);
  return (
    <section aria-labelledby="provenance-heading" className="max-w-2xl">
      <h2 id="provenance-heading" className="mb-4 text-2xl font-bold text-gray-900">
        Provenance
      </h2>
      {events.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading provenance">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : events.isError ? (
        <p className="text-sm text-gray-700">The history of this {BRAND.name} could not be loaded.</p>
      ) : (
        <ProvenanceList events={events.data} />
      )}
    </section>
  );
}

/** /artchip/:username/:slug: one chip, its purchase options and its provenance. */
export default function ChipPage() {
  const { username = '', slug = '' } = useParams();
  const chip = useChip(username, slug);
  usePageTitle(chip.data?.title ?? (chip.isError ? `${BRAND.name} Not Found` : BRAND.name));

  if (chip.isPending) {
    return (
      <div
        className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-2"
        role="status"
        aria-label={`Loading ${BRAND.name}`}
      >
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-12 w-40" />
        </div>
      </div>
    );
  }
  if (chip.isError) {
    if (chip.error instanceof ApiRequestError && chip.error.status === 404) return <ChipNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-gray-900">Failed to load {BRAND.name}</h1>
        <p className="mt-3 text-gray-700">Please check your connection and try again.</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => void chip.refetch()}>Try again</Button>
          <Button asChild variant="secondary">
            <Link to={ROUTES.marketplace}>Back to Marketplace</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to={ROUTES.marketplace} className="text-brand-700 underline-offset-2 hover:underline">
          Marketplace
        </Link>
        <span aria-hidden="true" className="mx-2 text-gray-600">
          /
        </span>
        <Link
          to={ROUTES.gallery(chip.data.creatorUsername)}
          className="text-brand-700 underline-offset-2 hover:underline"
        >
          @{chip.data.creatorUsername}
        </Link>
      </nav>
      <ChipDetail chip={chip.data}>
        <Provenance chip={chip.data} />
      </ChipDetail>
    </div>
  );
}
