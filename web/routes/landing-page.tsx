import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/ui/logo';
import { ThemeToggle } from '../components/ui/theme-toggle';

const CONTACT_EMAIL = 'hello@canopy.example';

// ---------------------------------------------------------------------------------------------
// Gallery illustrations: small SVG scenes drawn from a few shapes, so the page needs no images.
// ---------------------------------------------------------------------------------------------

type TreeKind = 'round' | 'cone' | 'palm' | 'sapling' | 'banyan' | 'mango';

interface TreeSpec {
  kind: TreeKind;
  x: number;
  /** Ground level at the tree's foot. */
  y: number;
  /** 1 = a medium tree. */
  scale?: number;
}

interface SceneSpec {
  sky: [string, string];
  sun?: { cx: number; cy: number; r: number; color: string };
  /** Ground layers, back to front: a path and its fill. */
  ground: { d: string; fill: string }[];
  trees: TreeSpec[];
  extras?: ReactNode;
}

function Tree({ kind, x, y, scale = 1 }: TreeSpec) {
  const t = `translate(${x} ${y}) scale(${scale})`;
  switch (kind) {
    case 'sapling':
      return (
        <g transform={t}>
          <path d="M0 0 v-14" stroke="#a16207" strokeWidth="2" strokeLinecap="round" />
          <path d="M0 -10 c-8 0 -11 -6 -11 -10 c7 0 11 4 11 10z" fill="#bbf7d0" />
          <path d="M0 -12 c7 -1 10 -7 10 -11 c-7 1 -10 5 -10 11z" fill="#22c55e" />
        </g>
      );
    case 'cone':
      return (
        <g transform={t}>
          <rect x="-2.5" y="-12" width="5" height="12" fill="#713f12" />
          <path d="M0 -62 L17 -10 H-17z" fill="#166534" />
          <path d="M0 -62 L10 -32 H-10z" fill="#15803d" />
        </g>
      );
    case 'palm':
      return (
        <g transform={t}>
          <path d="M0 0 C 2 -20 6 -40 4 -60" stroke="#92400e" strokeWidth="4" fill="none" />
          <g fill="#16a34a">
            <path d="M4 -60 c-14 -6 -26 0 -32 10 c12 -6 22 -8 32 -10z" />
            <path d="M4 -60 c14 -6 26 0 32 10 c-12 -6 -22 -8 -32 -10z" />
            <path d="M4 -60 c-6 -12 -18 -16 -26 -14 c10 2 18 6 26 14z" />
            <path d="M4 -60 c6 -12 18 -16 26 -14 c-10 2 -18 6 -26 14z" />
          </g>
        </g>
      );
    case 'banyan':
      return (
        <g transform={t}>
          <path d="M-6 0 V-30 M6 0 V-30 M-24 0 V-28 M24 0 V-28" stroke="#78350f" strokeWidth="3" />
          <ellipse cx="0" cy="-42" rx="52" ry="22" fill="#166534" />
          <ellipse cx="-20" cy="-50" rx="26" ry="14" fill="#15803d" />
          <ellipse cx="22" cy="-48" rx="24" ry="13" fill="#15803d" />
        </g>
      );
    case 'mango':
      return (
        <g transform={t}>
          <rect x="-3" y="-20" width="6" height="20" rx="2" fill="#713f12" />
          <circle cx="0" cy="-34" r="20" fill="#15803d" />
          <circle cx="-10" cy="-28" r="3" fill="#facc15" />
          <circle cx="8" cy="-38" r="3" fill="#facc15" />
          <circle cx="4" cy="-24" r="3" fill="#f59e0b" />
        </g>
      );
    default:
      return (
        <g transform={t}>
          <rect x="-3" y="-18" width="6" height="18" rx="2" fill="#713f12" />
          <circle cx="0" cy="-32" r="18" fill="#16a34a" />
          <circle cx="-8" cy="-26" r="11" fill="#15803d" />
        </g>
      );
  }
}

/** A drawn scene; with a label it is an image, without one it is decoration. */
function Scene({ spec, label, id }: { spec: SceneSpec; label?: string; id: string }) {
  const skyId = `sky-${id}`;
  return (
    <svg
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      viewBox="0 0 240 160"
      className="block h-auto w-full"
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={spec.sky[0]} />
          <stop offset="1" stopColor={spec.sky[1]} />
        </linearGradient>
      </defs>
      <rect width="240" height="160" fill={`url(#${skyId})`} />
      {spec.sun && (
        <circle cx={spec.sun.cx} cy={spec.sun.cy} r={spec.sun.r} fill={spec.sun.color} />
      )}
      {spec.ground.map((layer) => (
        <path key={layer.d} d={layer.d} fill={layer.fill} />
      ))}
      {spec.extras}
      {spec.trees.map((tree, i) => (
        <Tree key={i} {...tree} />
      ))}
    </svg>
  );
}

interface GalleryTile {
  id: string;
  caption: string;
  description: string;
  scene: SceneSpec;
}

const FLAT = 'M0 118 H240 V160 H0z';

const HERO_SCENE: SceneSpec = {
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

const GALLERY: GalleryTile[] = [
  {
    id: 'dawn-rows',
    caption: 'Saplings set out in rows on the morning of a drive',
    description:
      'Illustration: rows of small green saplings on brown earth under a pink and orange dawn sky.',
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
    caption: "A young neem's first monsoon",
    description:
      'Illustration: a young round-crowned tree standing in green grass while rain falls from grey clouds.',
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
    caption: 'A mango orchard in the afternoon sun',
    description:
      'Illustration: three mango trees heavy with yellow fruit on a green meadow under a bright blue sky.',
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
    caption: 'Coconut palms holding a riverbank together',
    description:
      'Illustration: three coconut palms leaning over a winding blue river between grassy banks.',
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
    caption: 'Shade trees along a school path',
    description:
      'Illustration: a light path running between two rows of round shade trees on a sunny day.',
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
    caption: 'An old banyan shading the village square',
    description:
      'Illustration: one wide banyan tree with several trunks spreading its canopy over a sandy square.',
    scene: {
      sky: ['#fde68a', '#fef9c3'],
      ground: [{ d: FLAT, fill: '#d6d3d1' }],
      trees: [{ kind: 'banyan', x: 120, y: 126, scale: 1.5 }],
    },
  },
  {
    id: 'hill-terraces',
    caption: 'A hillside replanted in terraces',
    description:
      'Illustration: a hill cut into green terraces, each planted with a row of young conifers.',
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
    caption: 'Dusk over a community forest, years after planting',
    description:
      'Illustration: a dense stand of mixed trees silhouetted against a purple and orange evening sky.',
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

// ---------------------------------------------------------------------------------------------

const NAV_LINKS = [
  { href: '#story', label: 'Story' },
  { href: '#gallery', label: 'Gallery' },
  { href: '#contact-us', label: 'Contact Us' },
];

const sectionClass = 'scroll-mt-32 py-12 sm:scroll-mt-20 sm:py-20';

const PRINCIPLES = [
  {
    title: 'Plant together',
    text: 'A drive turns a field, a schoolyard or a riverbank into a morning of shared work — and people who come once tend to come back.',
  },
  {
    title: 'Nurture for years',
    text: 'Planting is the easy part. Watering through the first dry season, and checking in for years after, is what makes a forest.',
  },
  {
    title: 'Count honestly',
    text: 'We show the trees that are still alive, and estimate their CO₂ from published growth figures, never from wishful thinking.',
  },
];

/** /landing-page: a short, friendly introduction to the Canopy community. */
export default function LandingPage() {
  return (
    <div className="min-h-screen bg-base-100 text-base-content">
      <title>Our story · Canopy</title>
      <a
        href="#main"
        className="btn fixed top-3 left-3 z-50 -translate-y-24 rounded-full border-green-700 bg-green-700 text-white focus:translate-y-0"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <Logo />
          <nav aria-label="Main" className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
            <ul className="-mx-2 flex flex-wrap items-center gap-1 sm:mx-0">
              <li>
                <Link to="/" className="btn btn-ghost btn-sm">
                  Home
                </Link>
              </li>
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="btn btn-ghost btn-sm">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ThemeToggle className="ml-auto sm:ml-0" />
        </div>
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none">
        <div className="bg-linear-to-b from-green-50 to-base-100 in-data-[theme=dark]:from-green-950">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div>
              <p className="font-semibold text-green-800 in-data-[theme=dark]:text-green-300">
                Community tree planting
              </p>
              <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
                Trees planted together, looked after for years
              </h1>
              <p className="mt-6 max-w-2xl text-lg leading-relaxed">
                Canopy helps neighbours, schools, companies and nurseries plant trees where they are
                needed — and stay with those trees long after the planting day.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link
                  to="/register"
                  className="btn rounded-full border-green-700 bg-green-700 text-white hover:border-green-800 hover:bg-green-800"
                >
                  Start Growing
                </Link>
                <a href="#story" className="btn btn-outline rounded-full">
                  Read our story
                </a>
              </div>
            </div>
            <div className="hidden overflow-hidden rounded-3xl shadow-lg lg:block">
              <Scene spec={HERO_SCENE} id="hero" />
            </div>
          </div>
        </div>

        <section id="story" aria-labelledby="story-title" className={sectionClass}>
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="story-title" className="text-3xl font-bold tracking-tight">
              Story
            </h2>
            <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="space-y-4 text-lg leading-relaxed">
                <p>
                  Community tree planting usually starts the same way: a few neighbours look at a
                  bare patch of land and decide it deserves shade. They borrow spades, a nursery
                  sells them saplings at cost, a school lends its volunteers, and by noon a row of
                  young trees stands where there was dust.
                </p>
                <p>
                  Then the hard part begins. A sapling needs water through its first dry season, a
                  guard against goats, and someone who notices when it struggles. Too many planting
                  days end with photos and no follow-up, and a year later half the trees are gone.
                </p>
                <p>
                  Canopy exists for that second part. It helps people organise drives, gather
                  donations for saplings and land, and then register every tree, so its growth,
                  health and care are followed for years — by the people who planted it.
                </p>
              </div>
              <ul className="space-y-4">
                {PRINCIPLES.map((principle) => (
                  <li
                    key={principle.title}
                    className="rounded-box border border-base-300 bg-base-200 p-5"
                  >
                    <h3 className="text-lg font-semibold">{principle.title}</h3>
                    <p className="mt-1 leading-relaxed">{principle.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section
          id="gallery"
          aria-labelledby="gallery-title"
          className={`${sectionClass} bg-base-200`}
        >
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="gallery-title" className="text-3xl font-bold tracking-tight">
              Gallery
            </h2>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed">
              Scenes from the life of a community planting — from the first morning of a drive to
              the forest it becomes.
            </p>
            <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
              {GALLERY.map((tile) => (
                <li key={tile.id}>
                  <figure className="h-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
                    <Scene spec={tile.scene} label={tile.description} id={tile.id} />
                    <figcaption className="p-3 text-sm font-medium leading-snug">
                      {tile.caption}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="contact-us" aria-labelledby="contact-title" className={sectionClass}>
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
              Contact Us
            </h2>
            <div className="mt-6 grid gap-6 md:grid-cols-2">
              <div className="rounded-box border border-base-300 p-6">
                <h3 className="text-xl font-semibold">Write to us</h3>
                <p className="mt-2 leading-relaxed">
                  Questions, ideas for a drive, or a patch of land that needs trees — we read every
                  message.
                </p>
                <p className="mt-4">
                  <a
                    href={`mailto:${CONTACT_EMAIL}`}
                    className="link text-lg font-semibold break-all"
                  >
                    {CONTACT_EMAIL}
                  </a>
                </p>
              </div>
              <div className="rounded-box border border-base-300 p-6">
                <h3 className="text-xl font-semibold">Partner nurseries</h3>
                <p className="mt-2 leading-relaxed">
                  Partner nurseries grow the saplings for our drives. To find one near you, write to
                  us with your town and how many trees you have in mind, and we will put you in
                  touch.
                </p>
                <p className="mt-3 leading-relaxed">
                  Run a nursery yourself? Register a Partner Nursery account so organisers can find
                  you.
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <a
                    href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Finding a partner nursery')}`}
                    className="btn btn-outline btn-sm rounded-full"
                  >
                    Ask about nurseries
                  </a>
                  <Link to="/register" className="btn btn-ghost btn-sm rounded-full">
                    Register a nursery
                  </Link>
                </div>
              </div>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-base-300 bg-base-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>Canopy — grow greener, make impact.</p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              <li>
                <Link to="/" className="link">
                  Home
                </Link>
              </li>
              <li>
                <Link to="/documentation" className="link">
                  Documentation
                </Link>
              </li>
              <li>
                <Link to="/login" className="link">
                  Sign In
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
