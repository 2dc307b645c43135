import sharp from 'sharp';
import { svgText } from '../../lib/svg-text';

/** The size messengers expect of a `summary_large_image` card. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface ShareCard {
  /** Top line, e.g. "Asha's forest". */
  title: string;
  /** Big figures, at most three: `{ value: '12', label: 'trees planted' }`. */
  figures: Array<{ value: string; label: string }>;
  /** One line under the figures (species). */
  line: string;
  /** Where the page is, without the scheme. */
  address: string;
}

const GREEN_DARK = '#14532d';
const GREEN = '#166534';
const LEAF = ['#4f772d', '#6a994e', '#386641', '#90a955'] as const;

/** A round tree at (x, ground) of height h. */
function tree(x: number, ground: number, h: number, leaf: string): string {
  const trunkW = h * 0.09;
  return (
    `<rect x="${x - trunkW / 2}" y="${ground - h * 0.42}" width="${trunkW}" height="${h * 0.42}" rx="${trunkW / 3}" fill="#7f5539"/>` +
    `<circle cx="${x}" cy="${ground - h * 0.62}" r="${h * 0.3}" fill="${leaf}"/>` +
    `<circle cx="${x - h * 0.17}" cy="${ground - h * 0.5}" r="${h * 0.2}" fill="${leaf}"/>` +
    `<circle cx="${x + h * 0.17}" cy="${ground - h * 0.52}" r="${h * 0.21}" fill="${leaf}"/>`
  );
}

/** A grove on a hill along the bottom right: as many trees as there are plants, up to nine. */
function grove(plants: number): string {
  const n = Math.max(3, Math.min(9, plants));
  let out = `<path d="M560 ${CARD_HEIGHT} C700 520 900 500 ${CARD_WIDTH} 540 L${CARD_WIDTH} ${CARD_HEIGHT} Z" fill="#dcfce7"/>`;
  for (let i = 0; i < n; i++) {
    const x = 700 + (i * 480) / n + (i % 2) * 18;
    const ground = 560 - Math.sin((i / n) * Math.PI) * 22 + (i % 3) * 6;
    out += tree(x, ground, 90 + ((i * 37) % 50), LEAF[i % LEAF.length]!);
  }
  return out;
}

/**
 * The Open Graph image of a public forest or gift (issue 19 §4): the brand, a title, the counts
 * and the address, drawn as SVG in the embedded Noto Sans and rendered to a 1200×630 PNG by sharp.
 */
export async function renderShareCard(card: ShareCard, plants: number): Promise<Buffer> {
  const figures = card.figures.slice(0, 3);
  const columnWidth = figures.length > 0 ? 1040 / figures.length : 0;
  const figureSvg = figures
    .map((f, i) => {
      const x = 80 + i * columnWidth;
      return (
        svgText(f.value, {
          x,
          y: 350,
          size: 96,
          bold: true,
          fill: GREEN,
          maxWidth: columnWidth - 30,
        }) + svgText(f.label, { x, y: 395, size: 30, fill: '#374151', maxWidth: columnWidth - 30 })
      );
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0fdf4"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#sky)"/>
<rect width="${CARD_WIDTH}" height="16" fill="${GREEN}"/>
${grove(plants)}
${tree(104, 122, 62, GREEN)}
${svgText('Canopy', { x: 140, y: 112, size: 44, bold: true, fill: GREEN_DARK })}
${svgText(card.title, { x: 80, y: 220, size: 60, bold: true, fill: '#111827', maxWidth: 1040 })}
${figureSvg}
${svgText(card.line, { x: 80, y: 470, size: 30, fill: '#374151', maxWidth: 620 })}
${svgText(card.address, { x: 80, y: 580, size: 28, fill: GREEN_DARK, maxWidth: 620 })}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8, palette: false }).toBuffer();
}
