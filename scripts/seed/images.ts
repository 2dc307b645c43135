import sharp from 'sharp';
import type { PlantForm } from '../../contract/species-growth';
import { rng, type Random } from './random';

/**
 * Demo pictures drawn in code (no downloads): SVG scenes rendered to PNG with sharp, then stored
 * through the files service like any upload. Text uses the system's sans-serif (DejaVu/Liberation).
 */

export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

type Shape = 'round' | 'conifer' | 'palm' | 'poplar' | 'acacia';

const SKIES = [
  { top: '#7cc3f0', bottom: '#dff1fb', sun: '#fff3b0', glow: '#fffbe6', night: false }, // day
  { top: '#f4a261', bottom: '#fde2c4', sun: '#fff1c1', glow: '#ffe0b2', night: false }, // dawn
  { top: '#6d597a', bottom: '#f6bd60', sun: '#ffd27f', glow: '#ffd9a0', night: false }, // dusk
  { top: '#1d2b53', bottom: '#49648c', sun: '#f1f1e6', glow: '#c9d6ea', night: true }, // night
] as const;

const GREENS = [
  ['#a7c957', '#6a994e', '#386641', '#244c2c'],
  ['#b5c99a', '#87a96b', '#5a7d4a', '#34502f'],
  ['#c5d86d', '#8fb339', '#4f772d', '#31572c'],
  ['#cad2a1', '#9aa86b', '#6b7f3f', '#475b2a'],
] as const;

const fmt = (n: number) => n.toFixed(1);

/** A hill line across the picture: a few sine waves around a base height, closed to the bottom. */
function hill(r: Random, width: number, height: number, base: number, amp: number): string {
  const waves = [1, 2, 3].map((i) => ({
    a: amp / i,
    f: (r.between(0.6, 1.6) * i * Math.PI * 2) / width,
    p: r.between(0, Math.PI * 2),
  }));
  const y = (x: number) => base + waves.reduce((s, w) => s + w.a * Math.sin(x * w.f + w.p), 0);
  let d = `M0 ${fmt(y(0))}`;
  for (let x = 20; x <= width; x += 20) d += ` L${x} ${fmt(y(x))}`;
  return `${d} L${width} ${height} L0 ${height} Z`;
}

/** One tree of a given shape standing at (x, y) with height h. */
function treeShape(shape: Shape, x: number, y: number, h: number, leaf: string, trunk: string) {
  const w = h * 0.5;
  switch (shape) {
    case 'conifer':
      return (
        `<rect x="${fmt(x - h * 0.04)}" y="${fmt(y - h * 0.2)}" width="${fmt(h * 0.08)}" height="${fmt(h * 0.2)}" fill="${trunk}"/>` +
        [0, 1, 2]
          .map((i) => {
            const top = y - h + i * h * 0.22;
            const half = w * (0.35 + i * 0.18);
            return `<polygon points="${fmt(x)},${fmt(top)} ${fmt(x - half)},${fmt(top + h * 0.42)} ${fmt(x + half)},${fmt(top + h * 0.42)}" fill="${leaf}"/>`;
          })
          .join('')
      );
    case 'palm': {
      const topX = x + h * 0.12;
      const topY = y - h;
      const fronds = [-150, -120, -60, -30, -95, 10, 190]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          const ex = topX + Math.cos(a) * w * 0.9;
          const ey = topY + Math.sin(a) * w * 0.5 + w * 0.25;
          const cx = topX + Math.cos(a) * w * 0.5;
          const cy = topY + Math.sin(a) * w * 0.6 - w * 0.15;
          return `<path d="M${fmt(topX)} ${fmt(topY)} Q${fmt(cx)} ${fmt(cy)} ${fmt(ex)} ${fmt(ey)}" stroke="${leaf}" stroke-width="${fmt(h * 0.07)}" fill="none" stroke-linecap="round"/>`;
        })
        .join('');
      return (
        `<path d="M${fmt(x)} ${fmt(y)} Q${fmt(x - h * 0.05)} ${fmt(y - h * 0.5)} ${fmt(topX)} ${fmt(topY)}" stroke="${trunk}" stroke-width="${fmt(h * 0.05)}" fill="none"/>` +
        fronds
      );
    }
    case 'poplar':
      return (
        `<rect x="${fmt(x - h * 0.03)}" y="${fmt(y - h * 0.15)}" width="${fmt(h * 0.06)}" height="${fmt(h * 0.15)}" fill="${trunk}"/>` +
        `<ellipse cx="${fmt(x)}" cy="${fmt(y - h * 0.55)}" rx="${fmt(w * 0.32)}" ry="${fmt(h * 0.45)}" fill="${leaf}"/>`
      );
    case 'acacia':
      return (
        `<path d="M${fmt(x)} ${fmt(y)} L${fmt(x)} ${fmt(y - h * 0.55)} L${fmt(x - w * 0.4)} ${fmt(y - h * 0.8)} M${fmt(x)} ${fmt(y - h * 0.55)} L${fmt(x + w * 0.35)} ${fmt(y - h * 0.82)}" stroke="${trunk}" stroke-width="${fmt(h * 0.05)}" fill="none"/>` +
        `<ellipse cx="${fmt(x)}" cy="${fmt(y - h * 0.85)}" rx="${fmt(w * 1.1)}" ry="${fmt(h * 0.14)}" fill="${leaf}"/>`
      );
    default:
      return (
        `<rect x="${fmt(x - h * 0.045)}" y="${fmt(y - h * 0.4)}" width="${fmt(h * 0.09)}" height="${fmt(h * 0.4)}" fill="${trunk}"/>` +
        `<circle cx="${fmt(x)}" cy="${fmt(y - h * 0.62)}" r="${fmt(w * 0.55)}" fill="${leaf}"/>` +
        `<circle cx="${fmt(x - w * 0.3)}" cy="${fmt(y - h * 0.5)}" r="${fmt(w * 0.4)}" fill="${leaf}"/>` +
        `<circle cx="${fmt(x + w * 0.3)}" cy="${fmt(y - h * 0.52)}" r="${fmt(w * 0.42)}" fill="${leaf}"/>`
      );
  }
}

/**
 * A planting-site landscape, different for every seed: a sky at some hour with its sun or moon,
 * clouds, three ranges of hills, a river winding from the horizon, and rows of trees of several
 * species shapes, smaller towards the horizon.
 */
export function landscapeSvg(seed: number, hour?: number, width = 1200, height = 750): string {
  const r = rng(seed);
  // The light of the drive's hour: dawn or day in the morning, day or dusk later; night otherwise.
  const sky =
    hour === undefined
      ? r.pick(SKIES)
      : hour < 12
        ? r.pick([SKIES[1], SKIES[0]])
        : hour < 20
          ? r.pick([SKIES[0], SKIES[2]])
          : SKIES[3];
  const greens = r.pick(GREENS);
  const shapes: Shape[] = ['round', 'conifer', 'palm', 'poplar', 'acacia'];
  const flora = shapes.filter(() => r.chance(0.6));
  if (flora.length === 0) flora.push('round');
  const horizon = height * r.between(0.42, 0.52);
  const sunX = r.between(width * 0.12, width * 0.88);
  const sunY = r.between(height * 0.1, horizon * 0.75);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${sky.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${sky.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bde0fe"/><stop offset="1" stop-color="#4f8fc0"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];
  if (sky.night)
    for (let i = 0; i < 60; i++)
      parts.push(
        `<circle cx="${fmt(r() * width)}" cy="${fmt(r() * horizon * 0.9)}" r="${fmt(r.between(0.6, 1.8))}" fill="#fff" opacity="${fmt(r.between(0.4, 1))}"/>`,
      );
  parts.push(
    `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(height * 0.16)}" fill="url(#glow)"/>`,
  );
  parts.push(
    `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(height * 0.055)}" fill="${sky.sun}"/>`,
  );
  if (sky.night)
    parts.push(
      `<circle cx="${fmt(sunX + height * 0.022)}" cy="${fmt(sunY - height * 0.012)}" r="${fmt(height * 0.048)}" fill="${sky.top}"/>`,
    );
  for (let i = r.int(2, 5); i > 0; i--) {
    const cx = r() * width;
    const cy = r.between(height * 0.06, horizon * 0.7);
    const s = r.between(30, 70);
    parts.push(
      `<g fill="#ffffff" opacity="${sky.night ? 0.15 : 0.75}"><ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(s * 1.6)}" ry="${fmt(s * 0.45)}"/><ellipse cx="${fmt(cx - s * 0.5)}" cy="${fmt(cy - s * 0.2)}" rx="${fmt(s * 0.7)}" ry="${fmt(s * 0.45)}"/><ellipse cx="${fmt(cx + s * 0.4)}" cy="${fmt(cy - s * 0.3)}" rx="${fmt(s * 0.8)}" ry="${fmt(s * 0.55)}"/></g>`,
    );
  }
  const shade = sky.night ? 0.55 : 1;
  parts.push(`<g opacity="${shade === 1 ? 1 : 0.85}">`);
  parts.push(
    `<path d="${hill(r, width, height, horizon - 30, 35)}" fill="${greens[0]}" opacity="0.7"/>`,
  );
  parts.push(`<path d="${hill(r, width, height, horizon + 10, 25)}" fill="${greens[1]}"/>`);

  // The river: a ribbon from a point on the horizon widening to the bottom edge.
  const riverTop = r.between(width * 0.25, width * 0.75);
  const riverBottom = r.between(width * 0.1, width * 0.9);
  const bend = r.between(-width * 0.3, width * 0.3);
  const midY = (horizon + height) / 2;
  const river =
    `M${fmt(riverTop - 6)} ${fmt(horizon + 12)} C${fmt(riverTop + bend - 30)} ${fmt(midY)} ${fmt(riverBottom - bend - 80)} ${fmt(midY + 60)} ${fmt(riverBottom - 140)} ${height} ` +
    `L${fmt(riverBottom + 140)} ${height} C${fmt(riverBottom - bend + 80)} ${fmt(midY + 60)} ${fmt(riverTop + bend + 30)} ${fmt(midY)} ${fmt(riverTop + 6)} ${fmt(horizon + 12)} Z`;
  parts.push(`<path d="${hill(r, width, height, horizon + 70, 18)}" fill="${greens[2]}"/>`);
  parts.push(`<path d="${river}" fill="url(#water)" opacity="0.9"/>`);

  // Rows of trees, back to front, skipping the river's course.
  const rows = [
    { y: horizon + 28, h: 34, n: 26 },
    { y: horizon + 95, h: 70, n: 15 },
    { y: height * 0.86, h: 150, n: 7 },
  ];
  for (const [ri, row] of rows.entries()) {
    for (let i = 0; i < row.n; i++) {
      const x = ((i + r.between(0.1, 0.9)) / row.n) * width;
      const t = (row.y - horizon) / (height - horizon);
      const riverX = riverTop + (riverBottom - riverTop) * t + bend * Math.sin(Math.PI * t) * 0.6;
      if (Math.abs(x - riverX) < 40 + 150 * t) continue;
      const h = row.h * r.between(0.75, 1.25);
      const leaf = greens[Math.min(3, ri + 1 + (r.chance(0.3) ? 1 : 0))] ?? greens[3];
      parts.push(treeShape(r.pick(flora), x, row.y + r.between(-6, 6), h, leaf, '#6b4f3a'));
    }
  }
  parts.push('</g>');
  if (sky.night)
    parts.push(`<rect width="${width}" height="${height}" fill="#0b1a3a" opacity="0.25"/>`);
  parts.push('</svg>');
  return parts.join('');
}

/** Soft, readable backgrounds for initials (white text stays above 3:1 on each). */
const AVATAR_COLOURS = [
  '#2a9d8f',
  '#e76f51',
  '#457b9d',
  '#6a4c93',
  '#c05621',
  '#2f855a',
  '#b83280',
  '#2b6cb0',
  '#8c5e3c',
  '#4a5568',
  '#d53f8c',
  '#0f766e',
];

export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/** A round initials avatar on a colour picked from the palette by `seed`. */
export function avatarSvg(name: string, seed: number, size = 320): string {
  const colour = AVATAR_COLOURS[seed % AVATAR_COLOURS.length]!;
  const text = initialsOf(name).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.85"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="url(#g)"/>` +
    `<text x="50%" y="50%" dy="0.36em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${size * 0.4}" fill="#ffffff">${text}</text>` +
    `</svg>`
  );
}

const SHAPE_OF_FORM: Record<PlantForm, Shape> = {
  tree: 'round',
  palm: 'palm',
  bamboo: 'poplar',
  shrub: 'round',
  climber: 'round',
  herb: 'palm',
};

/**
 * A "photo" of one planted tree: soil and mulch ring, a bamboo stake while it is young, the
 * species' shape grown to `growth` (0 sapling … 1 established), on a sky and grass backdrop.
 */
export function treePhotoSvg(
  seed: number,
  form: PlantForm,
  growth: number,
  width = 600,
  height = 800,
) {
  const r = rng(seed);
  const sky = r.pick(SKIES.slice(0, 3));
  const greens = r.pick(GREENS);
  const ground = height * 0.72;
  const h = height * (0.18 + 0.55 * Math.min(1, Math.max(0, growth)));
  const shape =
    form === 'tree'
      ? r.pick<Shape>(['round', 'round', 'conifer', 'poplar', 'acacia'])
      : SHAPE_OF_FORM[form];
  // A palm leans right, so it stands a little left of centre to keep its fronds in the frame.
  const x = width / 2 + r.between(-30, 30) - (shape === 'palm' ? h * 0.15 : 0);
  const grass = Array.from({ length: 70 }, () => {
    const gx = r() * width;
    const gy = ground + r() * (height - ground);
    return `<path d="M${fmt(gx)} ${fmt(gy)} l${fmt(r.between(-4, 4))} ${fmt(-r.between(6, 16))}" stroke="${greens[2]}" stroke-width="2"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#s)"/>` +
    `<path d="${hill(r, width, height, ground - 60, 20)}" fill="${greens[0]}" opacity="0.6"/>` +
    `<rect y="${fmt(ground)}" width="${width}" height="${fmt(height - ground)}" fill="${greens[1]}"/>` +
    grass +
    `<ellipse cx="${fmt(x)}" cy="${fmt(ground + 40)}" rx="${fmt(90 + h * 0.15)}" ry="26" fill="#7a5c3e"/>` +
    `<ellipse cx="${fmt(x)}" cy="${fmt(ground + 36)}" rx="${fmt(60 + h * 0.1)}" ry="16" fill="#5b4330"/>` +
    (growth < 0.5
      ? `<rect x="${fmt(x + 26)}" y="${fmt(ground + 40 - h * 0.9)}" width="7" height="${fmt(h * 0.9)}" fill="#c8a26b"/>` +
        `<path d="M${fmt(x)} ${fmt(ground + 40 - h * 0.5)} L${fmt(x + 29)} ${fmt(ground + 40 - h * 0.5)}" stroke="#e9d8a6" stroke-width="3"/>`
      : '') +
    treeShape(shape, x, ground + 40, h, greens[2], '#6b4f3a') +
    `</svg>`
  );
}
