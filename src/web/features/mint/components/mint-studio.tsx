import { useId } from 'react';
import { RotateCcw, RotateCw, Undo2 } from 'lucide-react';
import {
  CROP_ROTATION_MAX,
  CROP_ROTATION_MIN,
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  describeCrop,
  normalizeRotation,
  type ChipCrop,
  type DiscShape,
} from '#shared/chip-crop.ts';
import { describePrintResolution } from '#shared/print-resolution.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { CropEditor, type CropUpdate } from './crop-editor.tsx';
import { SizeComparison } from './size-comparison.tsx';

type MintStudioProps = {
  imageUrl: string;
  aspect: number;
  shape: DiscShape;
  crop: ChipCrop;
  title: string;
  /** The image's size in pixels, for the print sharpness note (null while unknown). */
  imageSize: { width: number; height: number } | null;
  /** Applies an update to the crop (the parent clamps it to the shape and image). */
  onCropChange: (update: CropUpdate) => void;
  onReset: () => void;
};

/** A quarter turn from the nearest whole degree, so repeated turns land on 0, 90, 180, −90. */
function quarterTurn(crop: ChipCrop, direction: 1 | -1): ChipCrop {
  const quarters = Math.round(crop.rotation / 90) + direction;
  return { ...crop, rotation: normalizeRotation(quarters * 90) };
}

/**
 * The mint studio: place, zoom and turn the artwork inside the disc, and see the chip it makes at
 * 54 mm beside a bank card.
 */
export function MintStudio({
  imageUrl,
  aspect,
  shape,
  crop,
  title,
  imageSize,
  onCropChange,
  onReset,
}: MintStudioProps) {
  const zoomId = useId();
  const rotationId = useId();
  return (
    <section
      aria-label="Mint studio"
      className="grid gap-6 rounded-lg border border-gray-200 p-4 md:grid-cols-2"
    >
      <div className="min-w-0 space-y-4">
        <h3 className="text-sm font-semibold text-gray-900">Place your artwork</h3>
        <CropEditor
          imageUrl={imageUrl}
          aspect={aspect}
          shape={shape}
          crop={crop}
          onCropChange={onCropChange}
        />
        <div className="space-y-1">
          <label htmlFor={zoomId} className="flex justify-between text-sm font-medium text-gray-800">
            Zoom <span className="font-normal text-gray-700">{crop.zoom.toFixed(1)}×</span>
          </label>
          <input
            id={zoomId}
            type="range"
            min={CROP_ZOOM_MIN}
            max={CROP_ZOOM_MAX}
            step={0.05}
            value={crop.zoom}
            aria-valuetext={`${crop.zoom.toFixed(1)} times`}
            onChange={(e) => {
              const zoom = Number(e.target.value);
              onCropChange((current) => ({ ...current, zoom }));
            }}
            className="w-full accent-brand-600"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={rotationId} className="flex justify-between text-sm font-medium text-gray-800">
            Rotation <span className="font-normal text-gray-700">{Math.round(crop.rotation)}°</span>
          </label>
          <input
            id={rotationId}
            type="range"
            min={CROP_ROTATION_MIN}
            max={CROP_ROTATION_MAX}
            step={1}
            value={crop.rotation}
            aria-valuetext={`${Math.round(crop.rotation)} degrees`}
            onChange={(e) => {
              const rotation = Number(e.target.value);
              onCropChange((current) => ({ ...current, rotation }));
            }}
            className="w-full accent-brand-600"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onCropChange((c) => quarterTurn(c, -1))}>
            <RotateCcw className="mr-1 h-4 w-4" aria-hidden="true" />
            Turn left 90°
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onCropChange((c) => quarterTurn(c, 1))}>
            <RotateCw className="mr-1 h-4 w-4" aria-hidden="true" />
            Turn right 90°
          </Button>
          <Button variant="ghost" size="sm" onClick={onReset}>
            <Undo2 className="mr-1 h-4 w-4" aria-hidden="true" />
            Reset
          </Button>
        </div>
        <p className="text-xs text-gray-700" aria-live="polite">
          Placement: {describeCrop(crop)}
        </p>
        {imageSize && <PrintSharpness imageSize={imageSize} zoom={crop.zoom} />}
      </div>
      <SizeComparison imageUrl={imageUrl} aspect={aspect} shape={shape} crop={crop} title={title} />
    </section>
  );
}

const SHARPNESS_STYLES = {
  sharp: 'border-green-200 bg-green-50 text-green-900',
  soft: 'border-amber-300 bg-amber-50 text-amber-950',
  blurry: 'border-red-300 bg-red-50 text-red-900',
} as const;

const SHARPNESS_HEADINGS = {
  sharp: 'Sharp print',
  soft: 'Low resolution',
  blurry: 'Too low resolution: this will print blurred',
} as const;

/**
 * How sharp the chip prints at this zoom (dpi across the 54 mm disc): a note when sharp, a warning
 * under 300 dpi, a stronger one under 150. Announced politely as the zoom moves.
 */
function PrintSharpness({ imageSize, zoom }: { imageSize: { width: number; height: number }; zoom: number }) {
  const { quality, message } = describePrintResolution(imageSize, zoom);
  return (
    <div
      role="status"
      data-quality={quality}
      className={cn('rounded-md border p-2 text-xs', SHARPNESS_STYLES[quality])}
    >
      <p className="font-semibold">
        {SHARPNESS_HEADINGS[quality]} ({imageSize.width}×{imageSize.height} px)
      </p>
      <p>{message}</p>
    </div>
  );
}
