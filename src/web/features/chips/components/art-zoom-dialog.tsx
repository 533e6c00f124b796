import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, Minus, Plus, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** The zoom steps, as multiples of the artwork fitted to the screen. */
const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

/** An image to zoom; `aspect` (width / height) when known, else measured once it loads. */
export type ZoomImage = { url: string; alt: string; aspect?: number | null };

type ArtZoomDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title: the chip's. */
  title: string;
  images: ZoomImage[];
  /** Which image opens first (read when the dialog mounts: give it a new key for each opening). */
  startIndex: number;
  /** What gets focus back on closing: the control that opened it. */
  opener: HTMLElement | null;
};

/**
 * The artwork large: fitted to the screen, then zoomed step by step (buttons, + and − keys, or a
 * click on the art) and looked around by scrolling, dragging on touch, or the arrow keys once the
 * art has focus; with several images, the arrow keys at fit size (and the buttons) move between
 * them. Escape closes it and focus goes back to what opened it.
 */
export function ArtZoomDialog({ open, onOpenChange, title, images, startIndex, opener }: ArtZoomDialogProps) {
  const [index, setIndex] = useState(startIndex);
  const [step, setStep] = useState(0);
  const [measured, setMeasured] = useState<Record<string, number>>({});
  const viewport = useRef<HTMLDivElement>(null);
  const zoom = ZOOM_STEPS[step]!;
  const image = images[index] ?? images[0];
  const hasMany = images.length > 1;

  // Zooming keeps the middle of what was shown in the middle.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [step, index]);

  const zoomBy = (delta: number) => setStep((s) => Math.min(ZOOM_STEPS.length - 1, Math.max(0, s + delta)));
  const go = (delta: number) => {
    setIndex((i) => (i + delta + images.length) % images.length);
    setStep(0);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-' || event.key === '_') zoomBy(-1);
    else if (event.key === '0') setStep(0);
    else if (hasMany && zoom === 1 && event.key === 'ArrowRight') go(1);
    else if (hasMany && zoom === 1 && event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  if (!image) return null;
  const percent = `${Math.round(zoom * 100)}%`;
  const aspect = measured[image.url] ?? image.aspect ?? 1;
  // Fitted (100%) is the largest size that shows all of it; zooming multiplies that. The viewport
  // is a size container, so its width and height (cqw, cqh) are what the art is fitted to.
  const artWidth = `min(${zoom * 100}cqw, ${Number((zoom * 100 * aspect).toFixed(3))}cqh)`;

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          // Opened without a Radix trigger, so say where focus goes back to (Radix would drop it).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener?.focus();
          }}
          className="fixed inset-2 z-50 flex flex-col rounded-lg bg-white shadow-xl sm:inset-6"
        >
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
            <div className="min-w-0">
              <RadixDialog.Title className="truncate text-lg font-semibold text-gray-900">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Description className="text-sm text-gray-700">
                {hasMany ? `Image ${index + 1} of ${images.length}. ` : ''}
                <span className="hidden sm:inline">Zoom with + and −; look around with the arrow keys.</span>
                <span className="sm:hidden">Zoom, then drag to look around.</span>
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="md" aria-label="Close" className="shrink-0 px-2">
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </RadixDialog.Close>
          </div>

          <div
            ref={viewport}
            // Focusable so keyboard users can scroll the zoomed art with the arrow keys.
            tabIndex={0}
            role="group"
            aria-roledescription="zoomable image"
            aria-label={`${image.alt}, ${percent}`}
            className="flex min-h-0 flex-1 overflow-auto bg-gray-900 [container-type:size] focus-visible:outline-offset-[-4px]"
          >
            <img
              src={image.url}
              alt={image.alt}
              draggable={false}
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                if (naturalWidth > 0 && naturalHeight > 0 && !measured[image.url]) {
                  setMeasured((m) => ({ ...m, [image.url]: naturalWidth / naturalHeight }));
                }
              }}
              onClick={() => setStep((s) => (s === 0 ? 2 : 0))}
              className={`m-auto block h-auto max-w-none shrink-0 ${zoom === 1 ? 'cursor-zoom-in' : 'cursor-zoom-out'}`}
              // The box keeps the art's shape before the picture has arrived, so a zoomed view can
              // be scrolled (and centred) at once rather than when the bytes land.
              style={{ width: artWidth, aspectRatio: String(aspect) }}
              data-zoom={zoom}
            />
          </div>

          <div className="flex flex-wrap items-center justify-center gap-2 border-t border-gray-200 px-4 py-3">
            {hasMany && (
              <Button variant="secondary" aria-label="Previous image" onClick={() => go(-1)}>
                <ChevronLeft className="h-5 w-5" aria-hidden="true" />
              </Button>
            )}
            <Button
              variant="secondary"
              aria-label="Zoom out"
              disabled={step === 0}
              onClick={() => zoomBy(-1)}
            >
              <Minus className="h-5 w-5" aria-hidden="true" />
            </Button>
            <output aria-live="polite" className="w-14 text-center text-sm font-medium text-gray-900">
              {percent}
            </output>
            <Button
              variant="secondary"
              aria-label="Zoom in"
              disabled={step === ZOOM_STEPS.length - 1}
              onClick={() => zoomBy(1)}
            >
              <Plus className="h-5 w-5" aria-hidden="true" />
            </Button>
            <Button variant="ghost" disabled={step === 0} onClick={() => setStep(0)}>
              Fit
            </Button>
            {hasMany && (
              <Button variant="secondary" aria-label="Next image" onClick={() => go(1)}>
                <ChevronRight className="h-5 w-5" aria-hidden="true" />
              </Button>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
