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

/** Every `n 0 obj … endobj` of the file by number: its dictionary and its raw stream, if any. */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: Buffer | null }> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const pattern = /(\d+) 0 obj\s*/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const from = start + at + body.slice(at).indexOf('\n') + 1;
    const to = text.indexOf('endstream', from);
    objects.set(Number(match[1]), { dict: body.slice(0, at), stream: pdf.subarray(from, to) });
    pattern.lastIndex = end;
  }
  return objects;
}

const inflated = (object: { dict: string; stream: Buffer | null }): Buffer =>
  object.stream && object.dict.includes('/FlateDecode')
    ? inflateSync(object.stream)
    : (object.stream ?? Buffer.alloc(0));

/** A font's ToUnicode map: glyph code (4 hex digits, upper case) → the characters it stands for. */
function toUnicode(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [, range] of cmap.matchAll(/beginbfrange(.*?)endbfrange/gs))
    for (const [, first, list] of range!.matchAll(
      /<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g,
    )) {
      let code = parseInt(first!, 16);
      for (const [, hex] of list!.matchAll(/<([0-9a-fA-F ]+)>/g))
        codes.set(
          (code++).toString(16).toUpperCase().padStart(4, '0'),
          utf16be(hex!).replaceAll('\0', ''),
        );
    }
  return codes;
}

/**
 * The text the pages draw, one line per text-showing operator (pdfkit draws a line of text with
 * one), decoded through each font's ToUnicode map. Shaped scripts (Devanagari) may come out in
 * glyph order; Latin, Greek and Cyrillic read as written.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const maps = new Map<number, Map<string, string>>();
  const fontMap = (ref: number) => {
    if (!maps.has(ref)) {
      const unicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref)?.dict ?? '')?.[1];
      const cmap = unicode ? objects.get(Number(unicode)) : undefined;
      maps.set(ref, cmap ? toUnicode(inflated(cmap).toString('latin1')) : new Map());
    }
    return maps.get(ref)!;
  };
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (!/\/Type \/Page\b/.test(object.dict)) continue;
    const resources = /\/Resources (\d+) 0 R/.exec(object.dict)?.[1];
    const fonts = new Map<string, number>();
    const fontDict = /\/Font <<(.*?)>>/s.exec(objects.get(Number(resources))?.dict ?? '')?.[1];
    for (const [, name, ref] of (fontDict ?? '').matchAll(/\/(\S+) (\d+) 0 R/g))
      fonts.set(name!, Number(ref));
    const contents = /\/Contents (\d+) 0 R/.exec(object.dict)?.[1];
    const stream = inflated(objects.get(Number(contents))!).toString('latin1');
    let codes = new Map<string, string>();
    for (const [, font, shown] of stream.matchAll(
      /\/(\S+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[^>]*>\s*Tj)/g,
    )) {
      if (font) codes = fontMap(fonts.get(font) ?? -1);
      if (!shown) continue;
      let line = '';
      for (const [, hex] of shown.matchAll(/<([0-9a-fA-F]*)>/g))
        for (let i = 0; i + 4 <= hex!.length; i += 4)
          line += codes.get(hex!.slice(i, i + 4).toUpperCase()) ?? '\uFFFD';
      lines.push(line);
    }
  }
  return lines.join('\n');
}

/** The images the file holds, their samples inflated (pdfkit stores a PNG with alpha as raw RGB). */
export function pdfImages(
  pdf: Buffer,
): Array<{ width: number; height: number; colorSpace: string; smask: boolean; data: Buffer }> {
  return [...pdfObjects(pdf).values()]
    .filter((o) => /\/Subtype \/Image\b/.test(o.dict))
    .map((o) => ({
      width: Number(/\/Width (\d+)/.exec(o.dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(o.dict)?.[1]),
      colorSpace: /\/ColorSpace \/(\w+)/.exec(o.dict)?.[1] ?? '',
      smask: /\/SMask \d+ 0 R/.test(o.dict),
      data: inflated(o),
    }));
}

/** How many pages the file has, and the first page's size in points. */
export function pdfPages(pdf: Buffer): { count: number; width: number; height: number } {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
  return {
    count: [...text.matchAll(/\/Type \/Page\b/g)].length,
    width: Number(box?.[1]),
    height: Number(box?.[2]),
  };
}

/**
 * What makes the file a tagged PDF (issue 25, Standards): marked content, a structure tree, the
 * language, the title shown in the window bar, and the structure types in the tree (P, H1, …).
 */
export function pdfTagging(pdf: Buffer): {
  marked: boolean;
  structTree: boolean;
  lang: string | null;
  displayTitle: boolean;
  structTypes: string[];
} {
  const text = pdf.toString('latin1');
  return {
    marked: /\/Marked true/.test(text),
    structTree: /\/Type \/StructTreeRoot/.test(text),
    lang: /\/Lang \(([^)]*)\)/.exec(text)?.[1] ?? null,
    displayTitle: /\/DisplayDocTitle true/.test(text),
    // A structure element: its type (`/S`) and its parent (`/P`), pdfkit writes no /Type.
    structTypes: [
      ...new Set([...text.matchAll(/<<\s*\/S \/(\w+)\s*\/P \d+ 0 R/g)].map((m) => m[1]!)),
    ].sort(),
  };
}
