import sharp from 'sharp';

/** Recipe for one generated demo artwork: a gradient and a motif, all vector, rendered at seed time. */
export type ArtworkRecipe = {
  colors: [string, string, string];
  motif: 'rings' | 'orbit' | 'grid' | 'waves' | 'petals' | 'stripes' | 'moon' | 'cranes';
};

/** Pixels of the rendered artwork; the motifs are drawn on an 800-unit canvas and scaled. */
const ARTWORK_SIZE = 640;
const CANVAS = 800;

function motifSvg(recipe: ArtworkRecipe): string {
  const [, , accent] = recipe.colors;
  const c = CANVAS / 2;
  switch (recipe.motif) {
    case 'rings':
      return [320, 250, 180, 110, 40]
        .map(
          (r, i) =>
            `<circle cx="${c}" cy="${c}" r="${r}" fill="none" stroke="${accent}" stroke-width="${18 - i * 2}" opacity="${0.35 + i * 0.12}"/>`,
        )
        .join('');
    case 'orbit':
      return [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const a = (i / 6) * Math.PI * 2;
          return `<circle cx="${c + Math.cos(a) * 240}" cy="${c + Math.sin(a) * 240}" r="${30 + i * 8}" fill="${accent}" opacity="0.8"/>`;
        })
        .join('')
        .concat(`<circle cx="${c}" cy="${c}" r="120" fill="#fff" opacity="0.85"/>`);
    case 'grid':
      return Array.from({ length: 7 }, (_, x) =>
        Array.from({ length: 7 }, (_, y) =>
          (x + y) % 3 === 0
            ? `<rect x="${70 + x * 96}" y="${70 + y * 96}" width="70" height="70" rx="10" fill="${accent}" opacity="0.85"/>`
            : `<rect x="${85 + x * 96}" y="${85 + y * 96}" width="40" height="40" rx="20" fill="#fff" opacity="0.5"/>`,
        ).join(''),
      ).join('');
    case 'waves':
      return Array.from({ length: 8 }, (_, i) => {
        const y = 120 + i * 80;
        return `<path d="M0 ${y} Q 200 ${y - 60} 400 ${y} T 800 ${y}" fill="none" stroke="${accent}" stroke-width="16" opacity="${0.3 + i * 0.08}"/>`;
      }).join('');
    case 'petals':
      return Array.from({ length: 12 }, (_, i) => {
        const a = (i * 30 * Math.PI) / 180;
        return `<ellipse cx="${c + Math.cos(a) * 150}" cy="${c + Math.sin(a) * 150}" rx="150" ry="48" transform="rotate(${i * 30} ${c + Math.cos(a) * 150} ${c + Math.sin(a) * 150})" fill="${accent}" opacity="0.55"/>`;
      })
        .join('')
        .concat(`<circle cx="${c}" cy="${c}" r="70" fill="#fff7d6"/>`);
    case 'stripes':
      return Array.from(
        { length: 14 },
        (_, i) =>
          `<rect x="${-200 + i * 90}" y="-100" width="36" height="1100" transform="rotate(30 ${c} ${c})" fill="${accent}" opacity="${0.25 + (i % 4) * 0.15}"/>`,
      ).join('');
    case 'moon':
      return Array.from({ length: 16 }, (_, x) =>
        Array.from({ length: 16 }, (_, y) => {
          const d = Math.hypot(x * 50 + 25 - c, y * 50 + 25 - c);
          const r = Math.max(0, 22 - d / 16);
          return r > 1
            ? `<circle cx="${x * 50 + 25}" cy="${y * 50 + 25}" r="${r.toFixed(1)}" fill="${accent}"/>`
            : '';
        }).join(''),
      ).join('');
    case 'cranes':
      return [0, 1, 2, 3]
        .map((i) => {
          const x = 160 + (i % 2) * 300;
          const y = 170 + Math.floor(i / 2) * 300;
          return `<polygon points="${x},${y + 120} ${x + 100},${y} ${x + 200},${y + 120} ${x + 100},${y + 80}" fill="${accent}" opacity="0.85"/>`;
        })
        .join('');
  }
}

/**
 * The artwork as a JPEG (the upload pipeline re-encodes it like any user image). No text: rendering
 * fonts would make a fresh machine build its font cache first, which is slow.
 */
export async function renderArtwork(recipe: ArtworkRecipe): Promise<Buffer> {
  const [from, to] = recipe.colors;
  const size = ARTWORK_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${CANVAS} ${CANVAS}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${CANVAS}" height="${CANVAS}" fill="url(#bg)"/>
  ${motifSvg(recipe)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
