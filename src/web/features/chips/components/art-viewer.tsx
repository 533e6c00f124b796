import { Suspense, lazy, useRef, useState, type MouseEvent } from 'react';
import { ZoomIn } from 'lucide-react';
import { CHIP_DETAIL_IMAGE_SIZES, type Chip } from '#shared/chips.schemas.ts';
import { ChipImage } from './chip-image.tsx';
import type { ZoomImage } from './art-zoom-dialog.tsx';

// The zoom dialog is its own small chunk, loaded when someone opens it.
const ArtZoomDialog = lazy(() => import('./art-zoom-dialog.tsx').then((m) => ({ default: m.ArtZoomDialog })));

type ArtViewerChip = Pick<
  Chip,
  | 'title'
  | 'imageUrl'
  | 'imageVariants'
  | 'imageWidth'
  | 'imageHeight'
  | 'shape'
  | 'originalImageUrl'
  | 'additionalImageUrls'
> &
  Partial<Pick<Chip, 'imagePlaced' | 'photos'>>;

function aspect(chip: Pick<Chip, 'imageWidth' | 'imageHeight'>): number | null {
  return chip.imageWidth && chip.imageHeight ? chip.imageWidth / chip.imageHeight : null;
}

/** The chip's photographs' labels: "Title, photograph 1", …. */
const photoAlt = (chip: ArtViewerChip, index: number) => `${chip.title}, photograph ${index + 1}`;

/**
 * The images the zoom shows: the artwork at its fullest resolution first, then the photographs of
 * the made chip, then the extra images.
 */
function zoomImagesOf(chip: ArtViewerChip): ZoomImage[] {
  const largest = [...chip.imageVariants].sort((a, b) => b.width - a.width)[0]?.url;
  const main = chip.originalImageUrl ?? chip.imageUrl ?? largest ?? null;
  return [
    ...(main ? [{ url: main, alt: chip.title, aspect: aspect(chip) }] : []),
    ...(chip.photos ?? []).map((p, i) => ({
      url: p.url,
      alt: photoAlt(chip, i),
      aspect: p.width / p.height,
    })),
    ...chip.additionalImageUrls.map((url, i) => ({ url, alt: `${chip.title}, image ${i + 2}` })),
  ];
}

/** The chip's artwork, large, with its extra images; any of them opens the zoom. */
export function ArtViewer({ chip }: { chip: ArtViewerChip }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  // Each opening mounts the zoom afresh (fitted, at the chosen image); 0 until the first.
  const [openings, setOpenings] = useState(0);
  const images = zoomImagesOf(chip);
  const hasMain = chip.imageUrl !== null || chip.imageVariants.length > 0;
  // The control that opened the zoom, which gets focus back when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const open = (index: number, from: HTMLElement | null) => {
    setOpener(from);
    setOpenings((n) => n + 1);
    setOpenAt(index);
  };
  const openFrom = (index: number) => (event: MouseEvent<HTMLElement>) => open(index, event.currentTarget);
  // The photographs' and the extra images' places in the zoom: after the main one when there is one.
  const photos = chip.photos ?? [];
  const offset = images.length - chip.additionalImageUrls.length;
  const photoOffset = offset - photos.length;

  return (
    <div className="space-y-4">
      <div className="relative rounded-2xl bg-gray-50 p-4 sm:p-6">
        {/* A click on the art zooms too; the button is the way for keyboards and screen readers,
            and where focus goes back to. */}
        <div
          className={hasMain ? 'cursor-zoom-in' : undefined}
          onClick={hasMain ? () => open(0, zoomButton.current) : undefined}
        >
          <ChipImage chip={chip} sizes={CHIP_DETAIL_IMAGE_SIZES} isAboveFold />
        </div>
        {hasMain && (
          <button
            ref={zoomButton}
            type="button"
            onClick={openFrom(0)}
            className="absolute right-4 bottom-4 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-2 text-sm font-medium text-gray-900 shadow-md ring-1 ring-gray-200 hover:bg-white sm:right-6 sm:bottom-6"
          >
            <ZoomIn className="h-4 w-4" aria-hidden="true" />
            Zoom <span className="sr-only">into the artwork</span>
          </button>
        )}
      </div>
      {photos.length > 0 && (
        <ul aria-label="Photographs of this chip" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={openFrom(photoOffset + index)}
                className="block w-full cursor-zoom-in rounded-lg"
              >
                <img
                  src={photo.variants.find((v) => v.width >= 320)?.url ?? photo.url}
                  alt={photoAlt(chip, index)}
                  width={300}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {chip.additionalImageUrls.length > 0 && (
        <ul aria-label="More images" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {chip.additionalImageUrls.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={openFrom(offset + index)}
                className="block w-full cursor-zoom-in rounded-lg"
              >
                <img
                  src={url}
                  alt={`${chip.title}, image ${index + 2}`}
                  width={300}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {openings > 0 && images.length > 0 && (
        <Suspense fallback={null}>
          <ArtZoomDialog
            key={openings}
            open={openAt !== null}
            onOpenChange={(isOpen) => !isOpen && setOpenAt(null)}
            title={chip.title}
            images={images}
            startIndex={openAt ?? 0}
            opener={opener}
          />
        </Suspense>
      )}
    </div>
  );
}
