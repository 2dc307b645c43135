import { pdfFonts } from './pdf';

/** The parts of a fontkit layout Canopy draws with (fontkit is pdfkit's font engine). */
interface GlyphRun {
  glyphs: Array<{ path: { toSVG: () => string } }>;
  positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
  advanceWidth: number;
}
interface LayoutFont {
  unitsPerEm: number;
  layout: (text: string) => GlyphRun;
}

export interface SvgTextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  /** The text shrinks (down to half its size) to fit, then is cut with "…". */
  maxWidth?: number;
}

/** One line of text's width in pixels at `size`. */
export function textWidth(text: string, size: number, bold = false): number {
  const font = fontOf(bold);
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

const fontOf = (bold: boolean) => {
  const fonts = pdfFonts();
  return (bold ? fonts.bold : fonts.regular) as unknown as LayoutFont;
};

/**
 * One line of text as SVG paths in the embedded Noto Sans (the fonts of the PDFs), so an image
 * drawn in code looks the same on every server whatever fonts it has installed, and no text is
 * parsed as markup. Control characters are dropped.
 */
export function svgText(raw: string, options: SvgTextOptions): string {
  const font = fontOf(options.bold ?? false);
  // Control characters (C0, DEL, C1) would draw nothing useful.
  // eslint-disable-next-line no-control-regex
  let text = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  let size = options.size;
  const widthAt = (t: string, s: number) => (font.layout(t).advanceWidth * s) / font.unitsPerEm;
  if (options.maxWidth !== undefined) {
    const max = options.maxWidth;
    const full = widthAt(text, size);
    if (full > max) size = Math.max(options.size / 2, (size * max) / full);
    const chars = [...text];
    while (chars.length > 1 && widthAt(text, size) > max) {
      chars.pop();
      text = `${chars.join('').trimEnd()}…`;
    }
  }
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const width = run.advanceWidth * scale;
  const anchor = options.anchor ?? 'start';
  let x = options.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const paths: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d) {
      const gx = x + pos.xOffset * scale;
      const gy = options.y - pos.yOffset * scale;
      paths.push(
        `<path transform="translate(${gx.toFixed(2)} ${gy.toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    }
    x += pos.xAdvance * scale;
  });
  return `<g fill="${options.fill ?? '#000'}">${paths.join('')}</g>`;
}
