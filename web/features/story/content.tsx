import type { SceneSpec } from './components/scene';

export const CONTACT_EMAIL = 'hello@canopy.example';

/** The header's links (their words: nav.<key>, story namespace): the page's sections, and home. */
export const STORY_LINKS = [
  { href: '/', key: 'home' },
  { href: '#story', key: 'story' },
  { href: '#gallery', key: 'gallery' },
  { href: '#contact-us', key: 'contact' },
] as const;

/** A drawn scene; its words are gallery.<id>.caption and .description (story namespace). */
export interface GalleryTile {
  id: string;
  scene: SceneSpec;
}

const FLAT = 'M0 118 H240 V160 H0z';

export const HERO_SCENE: SceneSpec = {
  sky: ['#bbf7d0', '#f0fdf4'],
  sun: { cx: 186, cy: 42, r: 18, color: '#fde68a' },
  ground: [
    { d: 'M0 104 C 50 88 110 92 160 100 S 220 96 240 100 V160 H0z', fill: '#4ade80' },
    { d: 'M0 130 C 70 118 150 122 240 128 V160 H0z', fill: '#16a34a' },
  ],
  trees: [
    { kind: 'round', x: 34, y: 104, scale: 1.1 },
    { kind: 'cone', x: 70, y: 100, scale: 0.9 },
    { kind: 'mango', x: 118, y: 102 },
    { kind: 'round', x: 214, y: 104, scale: 0.9 },
    { kind: 'sapling', x: 60, y: 140, scale: 1.4 },
    { kind: 'sapling', x: 120, y: 144, scale: 1.6 },
    { kind: 'sapling', x: 180, y: 140, scale: 1.4 },
  ],
};

export const GALLERY: GalleryTile[] = [
  {
    id: 'dawn-rows',
    scene: {
      sky: ['#fbcfe8', '#fed7aa'],
      sun: { cx: 190, cy: 92, r: 20, color: '#fb923c' },
      ground: [
        { d: 'M0 104 C 60 96 180 96 240 104 V160 H0z', fill: '#a16207' },
        { d: 'M0 128 H240 V160 H0z', fill: '#854d0e' },
      ],
      trees: [30, 70, 110, 150, 190].flatMap((x) => [
        { kind: 'sapling' as const, x, y: 116 },
        { kind: 'sapling' as const, x: x + 18, y: 144, scale: 1.3 },
      ]),
    },
  },
  {
    id: 'first-monsoon',
    scene: {
      sky: ['#94a3b8', '#cbd5e1'],
      ground: [{ d: 'M0 120 C 80 110 160 112 240 122 V160 H0z', fill: '#4d7c0f' }],
      trees: [{ kind: 'round', x: 120, y: 124, scale: 1.3 }],
      extras: (
        <g>
          <ellipse cx="70" cy="30" rx="44" ry="16" fill="#64748b" />
          <ellipse cx="160" cy="26" rx="54" ry="18" fill="#64748b" />
          <g stroke="#e0f2fe" strokeWidth="2" strokeLinecap="round">
            {[30, 55, 80, 105, 130, 155, 180, 205].map((x, i) => (
              <path key={x} d={`M${x} ${52 + (i % 3) * 10} l-4 10`} />
            ))}
          </g>
        </g>
      ),
    },
  },
  {
    id: 'mango-orchard',
    scene: {
      sky: ['#7dd3fc', '#e0f2fe'],
      sun: { cx: 40, cy: 34, r: 16, color: '#fde047' },
      ground: [{ d: 'M0 116 C 80 104 160 108 240 114 V160 H0z', fill: '#65a30d' }],
      trees: [
        { kind: 'mango', x: 60, y: 124 },
        { kind: 'mango', x: 128, y: 120, scale: 1.2 },
        { kind: 'mango', x: 196, y: 126, scale: 0.9 },
      ],
    },
  },
  {
    id: 'river-palms',
    scene: {
      sky: ['#bae6fd', '#f0f9ff'],
      ground: [
        { d: 'M0 100 H240 V160 H0z', fill: '#84cc16' },
        { d: 'M90 100 C 120 118 70 136 110 160 H170 C 130 136 180 118 140 100z', fill: '#0ea5e9' },
      ],
      trees: [
        { kind: 'palm', x: 60, y: 122 },
        { kind: 'palm', x: 190, y: 118, scale: 1.1 },
        { kind: 'palm', x: 30, y: 146, scale: 0.8 },
      ],
    },
  },
  {
    id: 'school-shade',
    scene: {
      sky: ['#a5f3fc', '#ecfeff'],
      sun: { cx: 200, cy: 30, r: 14, color: '#fde047' },
      ground: [
        { d: FLAT, fill: '#4ade80' },
        { d: 'M104 118 H136 L170 160 H70z', fill: '#e7e5e4' },
      ],
      trees: [
        { kind: 'round', x: 40, y: 126 },
        { kind: 'round', x: 84, y: 122, scale: 0.8 },
        { kind: 'round', x: 156, y: 122, scale: 0.8 },
        { kind: 'round', x: 200, y: 126 },
      ],
    },
  },
  {
    id: 'village-banyan',
    scene: {
      sky: ['#fde68a', '#fef9c3'],
      ground: [{ d: FLAT, fill: '#d6d3d1' }],
      trees: [{ kind: 'banyan', x: 120, y: 126, scale: 1.5 }],
    },
  },
  {
    id: 'hill-terraces',
    scene: {
      sky: ['#c7d2fe', '#eef2ff'],
      ground: [
        { d: 'M0 70 C 60 60 120 62 240 80 V160 H0z', fill: '#86efac' },
        { d: 'M0 100 C 70 92 150 94 240 106 V160 H0z', fill: '#4ade80' },
        { d: 'M0 130 C 80 124 160 126 240 134 V160 H0z', fill: '#22c55e' },
      ],
      trees: [
        ...[30, 80, 130, 180].map((x) => ({ kind: 'cone' as const, x, y: 70, scale: 0.45 })),
        ...[20, 70, 120, 170, 220].map((x) => ({ kind: 'cone' as const, x, y: 100, scale: 0.6 })),
        ...[40, 100, 160, 220].map((x) => ({ kind: 'cone' as const, x, y: 132, scale: 0.75 })),
      ],
    },
  },
  {
    id: 'dusk-forest',
    scene: {
      sky: ['#6d28d9', '#fb923c'],
      sun: { cx: 120, cy: 112, r: 26, color: '#fdba74' },
      ground: [{ d: 'M0 122 H240 V160 H0z', fill: '#14532d' }],
      trees: [
        { kind: 'cone', x: 20, y: 130, scale: 1.1 },
        { kind: 'round', x: 56, y: 132, scale: 1.3 },
        { kind: 'cone', x: 96, y: 134 },
        { kind: 'round', x: 150, y: 134, scale: 1.2 },
        { kind: 'cone', x: 186, y: 130, scale: 1.2 },
        { kind: 'round', x: 222, y: 134 },
      ],
    },
  },
];

/** What Canopy stands for, beside the story: principle.<id>.title and .text (story namespace). */
export const PRINCIPLES = ['together', 'nurture', 'honest'] as const;
