import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import {
  artworkCss,
  normalizeRotation,
  panCrop,
  SQUARE_CORNER_RATIO,
  type ChipCrop,
  type DiscShape,
} from '#shared/chip-crop.ts';

/** A change to the crop, applied to the latest one (pointer events come faster than renders). */
export type CropUpdate = (crop: ChipCrop) => ChipCrop;

type CropEditorProps = {
  imageUrl: string;
  /** The image's width / height. */
  aspect: number;
  shape: DiscShape;
  crop: ChipCrop;
  /** The parent applies the update and clamps the result (clampCrop). */
  onCropChange: (update: CropUpdate) => void;
};

/** Arrow keys move the artwork by this share of the disc (Shift: five times as far). */
const KEY_STEP = 0.02;
/** +/− and the wheel zoom by these factors. */
const KEY_ZOOM = 1.1;
const WHEEL_ZOOM_PER_PIXEL = 0.002;

const zoomBy =
  (factor: number): CropUpdate =>
  (crop) => ({ ...crop, zoom: crop.zoom * factor });
const turnBy =
  (degrees: number): CropUpdate =>
  (crop) => ({
    ...crop,
    rotation: normalizeRotation(crop.rotation + degrees),
  });

/**
 * The artwork inside the disc, to place by hand: drag (mouse, pen or one finger), pinch or wheel to
 * zoom; from the keyboard, arrows move, + and − zoom, [ and ] turn. The image around the disc shows
 * faded, so the creator sees what the disc leaves out.
 */
export function CropEditor({ imageUrl, aspect, shape, crop, onCropChange }: CropEditorProps) {
  const hintId = useId();
  const stageRef = useRef<HTMLDivElement>(null);
  const discRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const onChangeRef = useRef(onCropChange);
  useEffect(() => {
    onChangeRef.current = onCropChange;
  });

  // React listens to wheel events passively; zooming must stop the page from scrolling instead.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      onChangeRef.current(zoomBy(Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PIXEL)));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, []);

  const discSide = () => discRef.current?.getBoundingClientRect().width || 1;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const other = others[0]?.[1];
    if (other) {
      // Two fingers: zoom by how much further apart they are.
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const is = Math.hypot(now.x - other.x, now.y - other.y);
      if (was > 0 && is > 0) onCropChange(zoomBy(is / was));
      return;
    }
    const side = discSide();
    onCropChange((crop) => panCrop(crop, (now.x - before.x) / side, (now.y - before.y) / side, aspect));
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = KEY_STEP * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    let update: CropUpdate | null = null;
    if (move) update = (crop) => panCrop(crop, move[0], move[1], aspect);
    else if (event.key === '+' || event.key === '=') update = zoomBy(KEY_ZOOM);
    else if (event.key === '-' || event.key === '_') update = zoomBy(1 / KEY_ZOOM);
    else if (event.key === '[') update = turnBy(event.shiftKey ? -15 : -1);
    else if (event.key === ']') update = turnBy(event.shiftKey ? 15 : 1);
    if (!update) return;
    event.preventDefault();
    onCropChange(update);
  }

  const radius = shape === 'round' ? '50%' : `${Math.round(SQUARE_CORNER_RATIO * 100)}%`;
  const art: CSSProperties = { position: 'absolute', maxWidth: 'none', ...artworkCss(crop, aspect) };

  return (
    <div className="space-y-2">
      <div
        ref={stageRef}
        role="group"
        aria-label="Artwork placement"
        aria-describedby={hintId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
        data-testid="crop-stage"
        className="relative mx-auto aspect-square w-full max-w-72 cursor-grab touch-none overflow-hidden rounded-lg bg-gray-900 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
      >
        {/* The whole image, faded: what lies outside the disc. */}
        <div aria-hidden="true" className="absolute inset-[8%] opacity-40">
          <img src={imageUrl} alt="" draggable={false} className="block object-cover" style={art} />
        </div>
        {/* What the disc shows. */}
        <div
          ref={discRef}
          aria-hidden="true"
          data-testid="crop-disc"
          className="absolute inset-[8%] overflow-hidden bg-gray-100 shadow-[0_0_0_2px_rgba(255,255,255,0.95)]"
          style={{ borderRadius: radius }}
        >
          <img src={imageUrl} alt="" draggable={false} className="block object-cover" style={art} />
        </div>
      </div>
      <p id={hintId} className="text-center text-xs text-gray-700">
        Drag to move, pinch or scroll to zoom. Keyboard: arrows move, + and − zoom, [ and ] turn.
      </p>
    </div>
  );
}
