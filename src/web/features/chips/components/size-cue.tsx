import { BRAND } from '#shared/brand.ts';
import { SQUARE_CORNER_RATIO } from '#shared/chip-crop.ts';
import type { ChipShape } from '#shared/chips.schemas.ts';

/** ISO/IEC 7810 ID-1: every bank card is 85.60 × 53.98 mm with 3.18 mm corners. */
const CARD = { width: 85.6, height: 53.98, radius: 3.18 };
/** A US quarter is 24.26 mm across. */
const QUARTER = 24.26;
const GAP = 7;
const TOP = 8;

/**
 * The chip drawn to scale beside things everyone has held: a bank card (54 mm is its height) and a
 * US quarter. One SVG in millimetres, so the three keep their true proportions at any width.
 */
export function SizeCue({ shape }: { shape: ChipShape }) {
  const mm = BRAND.chipSizeMm;
  const discX = CARD.width + GAP;
  const coinX = discX + mm + GAP;
  const bottom = TOP + mm;
  const width = coinX + QUARTER + 1;
  const label = `Drawn to scale: the ${mm} mm ${shape} ${BRAND.name} beside a bank card (85.6 × 54 mm) and a US quarter (24.3 mm)`;
  return (
    <figure className="w-full max-w-xs">
      <svg
        viewBox={`-1 0 ${width + 1} ${bottom + 10}`}
        role="img"
        aria-label={label}
        className="h-auto w-full text-gray-700"
      >
        {/* Bank card, standing on the same line as the chip: the same height. */}
        <rect
          x={0}
          y={bottom - CARD.height}
          width={CARD.width}
          height={CARD.height}
          rx={CARD.radius}
          className="fill-gray-100 stroke-gray-500"
          strokeWidth={0.6}
        />
        <rect x={8} y={bottom - CARD.height + 18} width={12} height={9} rx={1.5} className="fill-gray-300" />
        {/* The chip, with its measure above it. */}
        {shape === 'round' ? (
          <circle
            cx={discX + mm / 2}
            cy={TOP + mm / 2}
            r={mm / 2}
            className="fill-brand-100 stroke-brand-700"
            strokeWidth={0.8}
          />
        ) : (
          <rect
            x={discX}
            y={TOP}
            width={mm}
            height={mm}
            rx={mm * SQUARE_CORNER_RATIO}
            className="fill-brand-100 stroke-brand-700"
            strokeWidth={0.8}
          />
        )}
        <path
          d={`M${discX} 3 H${discX + mm} M${discX} 1 V5 M${discX + mm} 1 V5`}
          className="stroke-brand-700"
          strokeWidth={0.5}
          fill="none"
        />
        <text
          x={discX + mm / 2}
          y={TOP + mm / 2 + 2}
          textAnchor="middle"
          className="fill-brand-800"
          fontSize={6}
          fontWeight={600}
        >
          {mm} mm
        </text>
        {/* A quarter. */}
        <circle
          cx={coinX + QUARTER / 2}
          cy={bottom - QUARTER / 2}
          r={QUARTER / 2}
          className="fill-gray-200 stroke-gray-500"
          strokeWidth={0.6}
        />
        <text x={CARD.width / 2} y={bottom + 7} textAnchor="middle" fontSize={4.6} className="fill-current">
          Bank card
        </text>
        <text x={discX + mm / 2} y={bottom + 7} textAnchor="middle" fontSize={4.6} className="fill-current">
          {BRAND.name}
        </text>
        <text
          x={coinX + QUARTER / 2}
          y={bottom + 7}
          textAnchor="middle"
          fontSize={4.6}
          className="fill-current"
        >
          Quarter
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-gray-700">
        {mm} mm across: as tall as a bank card, a little over two quarters wide.
      </figcaption>
    </figure>
  );
}
