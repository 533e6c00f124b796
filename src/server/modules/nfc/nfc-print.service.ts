import QRCode from 'qrcode';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import {
  artworkCss,
  aspectOf,
  clampCrop,
  DEFAULT_CROP,
  describeCrop,
  SQUARE_CORNER_RATIO,
  type DiscShape,
} from '#shared/chip-crop.ts';
import type { ProductionSheetQuery } from '#shared/nfc.schemas.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import {
  canManageChip,
  findChipRef,
  isChipPublic,
  listChipRefs,
  listChipRefsOfOrder,
  type ChipRef,
  type ChipViewer,
} from '#server/modules/chips/index.ts';
import { listActiveTagsByChipIds } from './nfc.repo.ts';

// 'M' survives the small print size and a resin dome's glare; the margin is the quiet zone.
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;
const QR_PNG_WIDTH = 512;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The public page a chip's QR code opens. */
function chipPageUrl(publicUrl: string, chip: Pick<ChipRef, 'creatorUsername' | 'slug'>): string {
  return `${publicUrl}${ROUTES.chip(chip.creatorUsername, chip.slug)}`;
}

/** The chip's page URL; a chip that is not public yet is "not found" except to those who manage it. */
async function requireChipUrl(
  db: Db,
  chipId: number,
  publicUrl: string,
  viewer: ChipViewer,
): Promise<{ url: string; isPublic: boolean }> {
  const chip = await findChipRef(db, chipId);
  const isPublic = !!chip && isChipPublic(chip);
  if (!chip || (!isPublic && !canManageChip(chip, viewer))) {
    throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  }
  return { url: chipPageUrl(publicUrl, chip), isPublic };
}

/** SVG QR code of the chip's page. */
export async function getChipQrSvg(
  db: Db,
  options: { chipId: number; publicUrl: string; viewer: ChipViewer },
): Promise<{ svg: string; isPublic: boolean }> {
  const { url, isPublic } = await requireChipUrl(db, options.chipId, options.publicUrl, options.viewer);
  return { svg: await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }), isPublic };
}

/** PNG QR code of the chip's page (512 px, for print shops that want a bitmap). */
export async function getChipQrPng(
  db: Db,
  options: { chipId: number; publicUrl: string; viewer: ChipViewer },
): Promise<{ png: Buffer; isPublic: boolean }> {
  const { url, isPublic } = await requireChipUrl(db, options.chipId, options.publicUrl, options.viewer);
  return { png: await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: QR_PNG_WIDTH }), isPublic };
}

async function sheetChips(db: Db, query: ProductionSheetQuery): Promise<ChipRef[]> {
  if (query.chipIds !== undefined) {
    const ids = [...new Set(query.chipIds.split(',').map(Number))];
    const chips = await listChipRefs(db, ids);
    const missing = ids.filter((id) => !chips.some((c) => c.id === id));
    if (missing.length > 0) throw new AppError('NOT_FOUND', `Artchips not found: ${missing.join(', ')}`);
    return chips;
  }
  const chips = await listChipRefsOfOrder(db, query.orderId!);
  if (chips.length === 0) throw new AppError('NOT_FOUND', 'This order has no Artchips yet');
  return chips;
}

function absoluteUrl(publicUrl: string, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : null;
}

/**
 * The crop to print: the creator's, clamped exactly as the disc render clamps it, so the sheet shows
 * what the studio and the chip page show.
 */
function printedCrop(chip: ChipRef, shape: DiscShape) {
  return clampCrop(chip.crop ?? DEFAULT_CROP, { aspect: aspectOf(chip.imageWidth, chip.imageHeight), shape });
}

/** The artwork's inline style: the shared placement, as percentages of the 54 mm disc. */
function artworkStyle(chip: ChipRef, crop: ReturnType<typeof printedCrop>): string {
  const css = artworkCss(crop, aspectOf(chip.imageWidth, chip.imageHeight));
  return `left: ${css.left}; top: ${css.top}; width: ${css.width}; height: ${css.height}; transform-origin: ${css.transformOrigin}; transform: ${css.transform};`;
}

const SHEET_CSS = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 10pt/1.35 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111; }
.hint { margin: 0 0 6mm; padding: 3mm; border: 0.3mm solid #b45309; color: #78350f; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
.item { display: flex; gap: 5mm; padding: 4mm 0; border-bottom: 0.3mm solid #999; break-inside: avoid; page-break-inside: avoid; }
.art { flex: none; position: relative; overflow: hidden; width: ${BRAND.chipSizeMm}mm; height: ${BRAND.chipSizeMm}mm; border: 0.2mm solid #555; }
.art.round { border-radius: 50%; }
.art.square { border-radius: ${Math.round(SQUARE_CORNER_RATIO * 100)}%; }
.art img { position: absolute; display: block; max-width: none; object-fit: cover; }
.art.empty { display: flex; align-items: center; justify-content: center; border-style: dashed; color: #444; font-size: 8pt; }
.qr { flex: none; width: 28mm; height: 28mm; }
.qr svg { width: 100%; height: 100%; display: block; }
dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 1mm 3mm; font-size: 9pt; }
dt { font-weight: 600; }
dd { margin: 0; font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; word-break: break-all; }
h2 { font-size: 11pt; margin: 0 0 2mm; }
@media print { .hint { display: none; } }
`;

/**
 * A print-ready HTML page: each chip's artwork at true size (54 mm, CSS mm units) in its shape, cropped,
 * zoomed and turned as its creator placed it in the mint studio; unit ID, QR code (inline SVG), NFC
 * UID and the tag's URL template.
 */
export async function renderProductionSheet(
  db: Db,
  options: {
    query: ProductionSheetQuery;
    publicUrl: string;
    /**
     * The origin the admin's browser asked on, for the artwork: the sheet opens as a blob: document,
     * where a relative URL cannot resolve, and an admin browsing another host than PUBLIC_URL (a
     * staging name, an IP, localhost) must still see the art (issue 27). Defaults to PUBLIC_URL.
     */
    mediaOrigin?: string;
  },
): Promise<string> {
  const { publicUrl } = options;
  const mediaOrigin = options.mediaOrigin ?? publicUrl;
  const chips = await sheetChips(db, options.query);
  const tags = new Map(
    (
      await listActiveTagsByChipIds(
        db,
        chips.map((c) => c.id),
      )
    ).map((t) => [t.chipId, t]),
  );
  const items = await Promise.all(
    chips.map(async (chip) => {
      const pageUrl = chipPageUrl(publicUrl, chip);
      const qr = await QRCode.toString(pageUrl, { ...QR_OPTIONS, type: 'svg' });
      const tag = tags.get(chip.id);
      const image = chip.imageUrl ? absoluteUrl(mediaOrigin, chip.imageUrl) : null;
      const shape = chip.shape === 'square' ? 'square' : 'round';
      const crop = printedCrop(chip, shape);
      const art = image
        ? `<div class="art ${shape}" role="img" aria-label="Artwork of ${escapeHtml(chip.title)}, ${shape}, ${escapeHtml(describeCrop(crop))}"><img src="${escapeHtml(image)}" alt="" style="${artworkStyle(chip, crop)}"></div>`
        : `<div class="art ${shape} empty">No artwork</div>`;
      const rows: [string, string][] = [
        ['Unit ID', chip.unitId ?? 'not assigned'],
        ['NFC UID', tag?.uid ?? chip.nfcUid ?? 'no tag yet'],
        ['URL template', tag?.urlTemplate ?? 'not provisioned'],
        ['Shape', shape],
        ['Placement', describeCrop(crop)],
        ['Page', pageUrl],
      ];
      return `<section class="item">
  ${art}
  <div class="qr" role="img" aria-label="QR code for ${escapeHtml(pageUrl)}">${qr}</div>
  <div>
    <h2>${escapeHtml(chip.title)} <small>by ${escapeHtml(chip.creatorUsername)}</small></h2>
    <dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
  </div>
</section>`;
    }),
  );
  const title = `Production sheet · ${BRAND.name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${SHEET_CSS}</style>
</head>
<body>
<p class="hint">Print at 100% scale (not "fit to page") so each artwork measures exactly ${BRAND.chipSizeMm} mm.</p>
<h1>${escapeHtml(title)} — ${chips.length} ${chips.length === 1 ? BRAND.name : BRAND.plural}</h1>
${items.join('\n')}
</body>
</html>`;
}
