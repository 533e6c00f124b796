import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { BRAND } from '#shared/brand.ts';
import {
  artworkCss,
  aspectOf,
  clampCrop,
  DEFAULT_CROP,
  SQUARE_CORNER_RATIO,
  type ChipCrop,
  type DiscShape,
} from '#shared/chip-crop.ts';
import { cn } from './ui/cn.ts';

export type ChipDiscProps = {
  /** The artwork; null draws an empty resin blank. */
  imageUrl: string | null;
  /** What the disc shows, for screen readers (the disc is one image, role="img"). */
  alt: string;
  /** Round disc, or square with rounded corners. */
  shape: DiscShape;
  /** Where the artwork sits (see src/shared/chip-crop.ts); null or absent: centred, zoom 1, upright. */
  crop?: ChipCrop | null;
  /**
   * The image's width / height when known (chip.imageWidth / chip.imageHeight), so the first paint
   * is already right; otherwise it is measured when the image loads.
   */
  imageAspect?: number | null;
  /** Side of the disc as a CSS length ('10rem', '160px', '100%'); ignored with trueSize. */
  size?: string;
  /** Side of 54 mm on screen (see useTrueSizeScale for how close that can be). */
  trueSize?: boolean;
  /** Show the magnetic back instead of the artwork (turns over with a flip). */
  flipped?: boolean;
  className?: string;
};

/** Chrome's, Firefox's and Safari's page zoom steps. */
const PAGE_ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5];
/** Display scalings operating systems offer. */
const OS_SCALES = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4];
const isNear = (value: number, target: number) => Math.abs(value - target) / target < 0.015;

/**
 * How much to scale CSS millimetres so that 54 mm measures 54 mm on this screen, as far as a browser
 * lets a page know.
 *
 * CSS fixes 1 mm at 96/25.4 reference pixels. On desktops at 100% page zoom that is close to a real
 * millimetre: operating systems choose their display scaling for it, and devicePixelRatio carries
 * that scaling, so nothing is to be undone there. Page zoom also enlarges CSS mm, and
 * devicePixelRatio = OS scaling × page zoom, so devicePixelRatio is meaningful only together with
 * the zoom: desktop browsers report outerWidth / innerWidth ≈ page zoom (it also counts side panels
 * and emulated viewports), so a zoom is undone only when that ratio is one of the browsers' zoom steps
 * and devicePixelRatio divided by it is one of the OS scalings. On touch screens devicePixelRatio
 * describes the panel, pinch zoom never changes it and no browser reports the panel's physical
 * density: nothing there is meaningful to adjust by, the disc stays at 54 CSS mm (close, not exact,
 * as the mint studio says).
 */
export function useTrueSizeScale(enabled: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    if (!enabled || typeof window === 'undefined') return;
    const isFinePointer = window.matchMedia?.('(pointer: fine)').matches ?? false;
    const measure = () => {
      const ratio = window.innerWidth > 0 ? window.outerWidth / window.innerWidth : 1;
      const zoom = PAGE_ZOOM_STEPS.find((step) => isNear(ratio, step));
      const dpr = window.devicePixelRatio || 1;
      const isPageZoom = isFinePointer && zoom !== undefined && OS_SCALES.some((s) => isNear(dpr / zoom, s));
      setScale(isPageZoom ? 1 / zoom : 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [enabled]);
  return enabled ? scale : 1;
}

/** The image's width / height: the given one, else measured from the loaded image. */
function useImageAspect(imageUrl: string | null, given: number | null | undefined) {
  const imgRef = useRef<HTMLImageElement>(null);
  const [measured, setMeasured] = useState<{ url: string; aspect: number } | null>(null);
  const read = (img: HTMLImageElement | null) => {
    if (!img || !imageUrl || !img.naturalWidth || !img.naturalHeight) return;
    setMeasured({ url: imageUrl, aspect: aspectOf(img.naturalWidth, img.naturalHeight) });
  };
  // A server-rendered image may have loaded before hydration, when onLoad is no longer heard.
  useEffect(() => {
    if (!given && imgRef.current?.complete) read(imgRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per image
  }, [imageUrl, given]);
  const aspect = given && given > 0 ? given : measured?.url === imageUrl ? measured.aspect : null;
  return { imgRef, aspect, onLoad: () => read(imgRef.current) };
}

/**
 * A chip as the 54 mm resin disc it is: the artwork placed by its crop, under a glossy dome with a
 * bevelled edge and a soft shadow; flipped, the magnetic back. Pure CSS, one role="img" for assistive
 * technology. Use it wherever a chip is shown as an object (mint studio, chip page, admin).
 */
export function ChipDisc({
  imageUrl,
  alt,
  shape,
  crop,
  imageAspect,
  size = '10rem',
  trueSize = false,
  flipped = false,
  className,
}: ChipDiscProps) {
  const scale = useTrueSizeScale(trueSize);
  const { imgRef, aspect, onLoad } = useImageAspect(imageUrl, imageAspect);
  const side = trueSize ? `${Number((BRAND.chipSizeMm * scale).toFixed(3))}mm` : size;
  const radius = shape === 'round' ? '50%' : `${Math.round(SQUARE_CORNER_RATIO * 100)}%`;
  // Until the image's proportions are known it is drawn as if square, and object-fit keeps it
  // undistorted meanwhile; the render clamps like the studio so the disc is never left uncovered.
  const placed = clampCrop(crop ?? DEFAULT_CROP, { aspect: aspect ?? 1, shape });
  const face: CSSProperties = { borderRadius: radius, backfaceVisibility: 'hidden' };

  return (
    <div
      role="img"
      aria-label={alt}
      data-shape={shape}
      className={cn('relative inline-block shrink-0 [perspective:800px]', className)}
      style={{ width: side, height: side }}
    >
      <div
        className="relative h-full w-full transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none"
        style={{ transform: flipped ? 'rotateY(180deg)' : undefined }}
      >
        {/* The artwork under resin. */}
        <div
          className="absolute inset-0 overflow-hidden bg-gray-100 shadow-[0_0.35em_0.8em_-0.2em_rgba(15,23,42,0.45)]"
          style={face}
        >
          {imageUrl && (
            <img
              ref={imgRef}
              src={imageUrl}
              alt=""
              draggable={false}
              onLoad={onLoad}
              className="block object-cover select-none"
              style={{ position: 'absolute', maxWidth: 'none', ...artworkCss(placed, aspect ?? 1) }}
            />
          )}
          {/* Gloss: the dome's highlight and the light falling off towards the rim. */}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-0"
            style={{
              borderRadius: radius,
              background:
                'radial-gradient(120% 90% at 30% 18%, rgba(255,255,255,0.55) 0%, rgba(255,255,255,0.12) 28%, rgba(255,255,255,0) 45%), radial-gradient(140% 140% at 50% 50%, rgba(0,0,0,0) 60%, rgba(0,0,0,0.18) 100%)',
            }}
          />
          {/* Edge: the bevel of the resin dome. */}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-0"
            style={{
              borderRadius: radius,
              boxShadow:
                'inset 0 0 0 1px rgba(255,255,255,0.55), inset 0 0.12em 0.25em rgba(255,255,255,0.45), inset 0 -0.2em 0.4em rgba(0,0,0,0.28)',
            }}
          />
        </div>
        {/* The magnetic back. */}
        <div
          className="absolute inset-0 flex items-center justify-center overflow-hidden shadow-[0_0.35em_0.8em_-0.2em_rgba(15,23,42,0.45)]"
          style={{
            ...face,
            transform: 'rotateY(180deg)',
            background: 'radial-gradient(circle at 35% 30%, #e5e7eb 0%, #9ca3af 45%, #4b5563 100%)',
            boxShadow: 'inset 0 0 0 1px rgba(255,255,255,0.4), inset 0 -0.2em 0.4em rgba(0,0,0,0.35)',
          }}
        >
          <span
            aria-hidden="true"
            className="block rounded-full"
            style={{
              width: '46%',
              height: '46%',
              background: 'radial-gradient(circle at 40% 35%, #6b7280 0%, #1f2937 70%)',
              boxShadow: '0 0 0 0.15em rgba(255,255,255,0.35), inset 0 0.1em 0.3em rgba(0,0,0,0.6)',
            }}
          />
        </div>
      </div>
    </div>
  );
}
