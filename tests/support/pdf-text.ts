/** Reads back what a pdfkit PDF embeds, without a PDF library: its fonts and their characters. */
import { inflateSync } from 'node:zlib';

/** Every stream in the file, inflated (pdfkit compresses them with Flate). */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const pattern = /<<(.*?)>>\s*stream\r?\n/gs;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    out.push(
      match[1]!.includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString(),
    );
  }
  return out;
}

/** The names of the fonts embedded in the file (e.g. `CZZZZZ+NotoSans-Regular`). */
export function pdfEmbeddedFonts(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/FontName \/([^\s/>]+)/g)].map((m) => m[1]!);
}

const utf16be = (hex: string) =>
  Buffer.from(hex.replaceAll(' ', ''), 'hex').swap16().toString('utf16le');

/**
 * Every character the embedded fonts' glyphs stand for (their ToUnicode maps), once each: a subset
 * font holds only the glyphs the pages draw, so this is the set of characters the PDF prints.
 */
export function pdfPrintedCharacters(pdf: Buffer): Set<string> {
  const chars = new Set<string>();
  // pdfkit writes `<first> <last> [<utf-16be> …]` lines between beginbfrange and endbfrange.
  const ranges = streams(pdf).flatMap((s) => [...s.matchAll(/beginbfrange(.*?)endbfrange/gs)]);
  for (const [, range] of ranges)
    for (const [, list] of range!.matchAll(/\[([^\]]*)\]/g))
      for (const [, hex] of list!.matchAll(/<([0-9a-fA-F ]+)>/g))
        for (const char of utf16be(hex!)) if (char !== '\0') chars.add(char);
  return chars;
}

/** The embedded fonts without their subset prefix (`CZZZZZ+`), sorted. */
export const pdfFontFamilies = (pdf: Buffer) =>
  pdfEmbeddedFonts(pdf)
    .map((name) => name.replace(/^[A-Z]{6}\+/, ''))
    .sort();
