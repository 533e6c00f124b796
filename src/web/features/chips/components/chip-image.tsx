import { ImageOff } from 'lucide-react';
import { avifSrcSetOf, type Chip } from '#shared/chips.schemas.ts';
import { cn } from '#web/components/ui/cn.ts';

/** Fallback intrinsic size when the server does not know the image's size (chips are square). */
const DEFAULT_SIZE = 800;

type ChipImageProps = {
  chip: Pick<Chip, 'title' | 'imageUrl' | 'imageVariants' | 'imageWidth' | 'imageHeight' | 'shape'> &
    Partial<Pick<Chip, 'imagePlaced'>>;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Loads eagerly with high priority (first screen); otherwise lazily. */
  isAboveFold?: boolean;
  className?: string;
};

/**
 * A chip's picture in its round or square frame, responsive through the server's variants: the chip
 * as it will be made (its placed disc, square) once the server has made it, else its artwork.
 */
export function ChipImage({ chip, sizes, isAboveFold = false, className }: ChipImageProps) {
  const frame = chip.shape === 'round' ? 'rounded-full' : 'rounded-xl';
  const variants = [...chip.imageVariants].sort((a, b) => a.width - b.width);
  const src = chip.imageUrl ?? variants.at(-1)?.url ?? null;
  if (!src) {
    return (
      <div
        role="img"
        aria-label={`${chip.title} (no image yet)`}
        className={cn(
          'flex aspect-square w-full items-center justify-center bg-gray-100 text-gray-700',
          frame,
          className,
        )}
      >
        <ImageOff className="h-10 w-10" aria-hidden="true" />
      </div>
    );
  }
  const avifSrcSet = avifSrcSetOf(variants);
  const img = (
    <img
      src={src}
      srcSet={variants.length > 0 ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined}
      sizes={variants.length > 0 ? sizes : undefined}
      width={chip.imagePlaced ? DEFAULT_SIZE : (chip.imageWidth ?? DEFAULT_SIZE)}
      height={chip.imagePlaced ? DEFAULT_SIZE : (chip.imageHeight ?? DEFAULT_SIZE)}
      alt={chip.title}
      loading={isAboveFold ? 'eager' : 'lazy'}
      fetchPriority={isAboveFold ? 'high' : 'auto'}
      decoding="async"
      className={cn('aspect-square w-full bg-gray-100 object-cover', frame, className)}
    />
  );
  if (!avifSrcSet) return img;
  // AVIF where the browser reads it, else the WebP srcset above. `contents`: the picture draws no box,
  // so the img lays out exactly as it would alone.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
