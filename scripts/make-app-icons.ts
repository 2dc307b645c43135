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
console.log(`icons written to ${out}`);
