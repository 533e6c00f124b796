import QRCode from 'qrcode';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { ProductionSheetQuery } from '#shared/nfc.schemas.ts';
import {
  findChipRef,
  listChipRefs,
  listChipRefsOfOrder,
  type ChipRef,
} from '#server/features/chips/index.ts';
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
export function chipPageUrl(publicUrl: string, chip: Pick<ChipRef, 'creatorUsername' | 'slug'>): string {
  return `${publicUrl}${ROUTES.chip(chip.creatorUsername, chip.slug)}`;
}

async function requireChipUrl(db: Db, chipId: number, publicUrl: string): Promise<string> {
  const chip = await findChipRef(db, chipId);
  if (!chip) throw new AppError('NOT_FOUND', 'Artchip not found');
  return chipPageUrl(publicUrl, chip);
}

/** SVG QR code of the chip's page. */
export async function getChipQrSvg(db: Db, options: { chipId: number; publicUrl: string }): Promise<string> {
  const url = await requireChipUrl(db, options.chipId, options.publicUrl);
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

/** PNG QR code of the chip's page (512 px, for print shops that want a bitmap). */
export async function getChipQrPng(db: Db, options: { chipId: number; publicUrl: string }): Promise<Buffer> {
  const url = await requireChipUrl(db, options.chipId, options.publicUrl);
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: QR_PNG_WIDTH });
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

const SHEET_CSS = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 10pt/1.35 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111; }
.hint { margin: 0 0 6mm; padding: 3mm; border: 0.3mm solid #b45309; color: #78350f; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
.item { display: flex; gap: 5mm; padding: 4mm 0; border-bottom: 0.3mm solid #999; break-inside: avoid; page-break-inside: avoid; }
.art { flex: none; width: ${BRAND.chipSizeMm}mm; height: ${BRAND.chipSizeMm}mm; object-fit: cover; border: 0.2mm solid #555; }
.art.round { border-radius: 50%; }
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
 * A print-ready HTML page: each chip's artwork at true size (54 mm, CSS mm units), unit ID, QR code (inline SVG),
 * NFC UID and the tag's URL template.
 */
export async function renderProductionSheet(
  db: Db,
  options: { query: ProductionSheetQuery; publicUrl: string },
): Promise<string> {
  const { publicUrl } = options;
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
      const image = chip.imageUrl ? absoluteUrl(publicUrl, chip.imageUrl) : null;
      const shape = chip.shape === 'square' ? 'square' : 'round';
      const art = image
        ? `<img class="art ${shape}" src="${escapeHtml(image)}" alt="Artwork of ${escapeHtml(chip.title)}">`
        : `<div class="art ${shape} empty">No artwork</div>`;
      const rows: [string, string][] = [
        ['Unit ID', chip.unitId ?? 'not assigned'],
        ['NFC UID', tag?.uid ?? chip.nfcUid ?? 'no tag yet'],
        ['URL template', tag?.urlTemplate ?? 'not provisioned'],
        ['Shape', shape],
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
