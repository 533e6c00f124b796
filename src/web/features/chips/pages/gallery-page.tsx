import { FollowButton } from '#web/features/social/index.ts';
import { Link, useParams } from '#web/lib/router.tsx';
import { ArrowLeft } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { noCreatorMessage } from '#shared/creators.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useCreatorProfile } from '../api/get-creator-profile.ts';
import { useGallery } from '../api/get-gallery.ts';
import { ChipGrid } from '../components/chip-grid.tsx';
import { CreatorHeader, CreatorHeaderSkeleton } from '../components/creator-header.tsx';
import { CreatorNotFound } from '../components/creator-not-found.tsx';
import { MakeOfferButton } from '../components/make-offer-button.tsx';
import { actionsForViewer } from '../lib/chip-format.ts';

const SKELETON_COUNT = 8;

function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** /gallery/:username: a creator's profile (picture, bio, links, figures) above their chips. */
export default function GalleryPage() {
  const { username = '' } = useParams();
  const profile = useCreatorProfile(username);
  const gallery = useGallery(username);
  const viewerId = useAuth().user?.id ?? null;
  const isUnknown = isNotFound(profile.error);
  usePageTitle(isUnknown ? noCreatorMessage(username) : `@${profile.data?.username ?? username}`);
  const firstPage = gallery.data?.pages[0];
  const chips = gallery.data?.pages.flatMap((page) => page.items) ?? [];
  const count = firstPage?.count ?? 0;

  if (isUnknown) return <CreatorNotFound username={username} />;

  let body;
  if (gallery.isError && chips.length === 0) {
    body = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load {BRAND.name}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void gallery.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (firstPage && chips.length === 0) {
    body = (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
        <p className="text-lg font-medium text-gray-900">
          @{firstPage.user.username} hasn&apos;t created any {BRAND.plural} yet
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ChipGrid
          chips={chips}
          isLoading={gallery.isPending || gallery.isFetchingNextPage}
          skeletonCount={gallery.isPending ? SKELETON_COUNT : 3}
          label={`${BRAND.plural} by @${username}`}
          headingLevel="h3"
          renderAction={(chip) =>
            actionsForViewer(chip, viewerId).offer ? <MakeOfferButton chip={chip} /> : null
          }
        />
        {gallery.hasNextPage && (
          <div className="mt-8 text-center">
            <Button
              variant="secondary"
              disabled={gallery.isFetchingNextPage}
              onClick={() => void gallery.fetchNextPage()}
            >
              {gallery.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Link
        to={ROUTES.marketplace}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Marketplace
      </Link>
      {profile.data ? (
        <>
          <CreatorHeader profile={profile.data} />
          <div className="mt-4">
            <FollowButton username={profile.data.username} followerCount={profile.data.followerCount} />
          </div>
        </>
      ) : profile.isError ? (
        // The profile failed to load for another reason (the connection): the gallery may still show.
        <header className="mt-6 mb-8">
          <h1 className="text-3xl font-bold text-gray-900">@{username}</h1>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
            Load the profile again
          </Button>
        </header>
      ) : (
        <CreatorHeaderSkeleton />
      )}
      <section aria-labelledby="gallery-heading">
        <div className="mb-5 flex items-baseline gap-3">
          <h2 id="gallery-heading" className="text-2xl font-bold text-gray-900">
            Gallery
          </h2>
          <p className="text-gray-700" aria-live="polite">
            {gallery.isPending
              ? `Loading ${BRAND.plural}…`
              : firstPage
                ? `${count} ${count === 1 ? BRAND.name : BRAND.plural}`
                : ''}
          </p>
        </div>
        {body}
      </section>
    </div>
  );
}
