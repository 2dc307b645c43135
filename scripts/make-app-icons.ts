import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The installed app's icons (issue 24), drawn from the Canopy mark (web/public/favicon.svg):
 * "any" icons are the round mark; the maskable one fills the square with the brand green and keeps
 * the tree inside the central 80 % safe zone, so a launcher's circle or squircle never cuts it.
 * Run `npx tsx scripts/make-app-icons.ts` after changing the mark; the PNGs are committed.
 */
const MARK =
  '<path d="M32 10c-9 8-14 16-14 24a14 14 0 0 0 28 0c0-8-5-16-14-24z" fill="#86efac"/>' +
  '<rect x="30" y="36" width="4" height="18" rx="2" fill="#f0fdf4"/>';
const ROUND = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#166534"/>${MARK}</svg>`;
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#166534"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${MARK}</g></svg>`;

const out = path.resolve(import.meta.dirname, '../web/public/icons');
fs.mkdirSync(out, { recursive: true });
const icons: Array<[string, string, number]> = [
  ['icon-192.png', ROUND, 192],
  ['icon-512.png', ROUND, 512],
  ['icon-maskable-512.png', MASKABLE, 512],
  ['apple-touch-icon-180.png', MASKABLE, 180],
];
for (const [name, svg, size] of icons)
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));

/**
 * An ICO holding PNG images (every browser since IE 9 reads them): a 6-byte header, a 16-byte
 * entry per image (its size, 32 bits a pixel, length and offset), then the PNGs themselves.
 */
function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits a pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

// /favicon.ico, which browsers and crawlers ask for by that name whatever the page links.
const favicon = await Promise.all(
  [16, 32, 48].map(async (size) => ({
    size,
    png: await sharp(Buffer.from(ROUND), { density: 72 * (size / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  })),
);
fs.writeFileSync(path.resolve(out, '../favicon.ico'), icoOf(favicon));
console.log(`icons and favicon.ico written to ${path.dirname(out)}`);
