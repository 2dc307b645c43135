/**
 * The words of the landing page. Kept apart from the components so copy can be reviewed
 * (and later translated) without reading JSX.
 */

/**
 * Spec §9: the carousel advances every 5000 ms and holds three testimonials: members' own, the
 * newest they chose to show (issue 23); fewer while fewer members have opted in, never made up.
 */
export const TESTIMONIAL_INTERVAL_MS = 5000;
/** The top bar's links to the page's sections. */
export const NAV_ANCHORS: readonly { href: `#${string}`; label: string }[] = [
  { href: '#impact', label: 'Impact' },
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#contact', label: 'Contact' },
];

export type IconName =
  | 'air'
  | 'sun'
  | 'water'
  | 'leaf'
  | 'soil'
  | 'people'
  | 'sprout'
  | 'heart'
  | 'pin'
  | 'chart'
  | 'book'
  | 'calendar'
  | 'coin'
  | 'clock'
  | 'cloud';

export interface Benefit {
  icon: IconName;
  title: string;
  text: string;
}

/** Environmental benefits: well-established effects, phrased without invented figures. */
export const BENEFITS: readonly Benefit[] = [
  {
    icon: 'air',
    title: 'Cleaner air',
    text: 'Trees take in carbon dioxide as they grow and lock the carbon away in wood and roots. Their leaves also trap dust and soot.',
  },
  {
    icon: 'sun',
    title: 'Cooler cities',
    text: 'Shade and the water leaves give off can make a tree-lined street feel noticeably cooler on a summer afternoon than bare concrete.',
  },
  {
    icon: 'water',
    title: 'Healthier water',
    text: 'Roots help rain soak into the ground instead of rushing off, easing floods and filtering water on its way to streams and wells.',
  },
  {
    icon: 'leaf',
    title: 'Room for wildlife',
    text: 'A mature tree can shelter birds, bees, beetles, fungi and lichens. Native trees planted together become corridors for wildlife.',
  },
  {
    icon: 'soil',
    title: 'Living soil',
    text: 'Roots hold slopes and riverbanks in place, and fallen leaves feed the soil so it holds more water and more life.',
  },
  {
    icon: 'people',
    title: 'Stronger communities',
    text: 'Time among trees is linked to lower stress, and planting together is one of the friendliest ways to meet your neighbours.',
  },
];

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
  benefits: readonly string[];
}

/** Six features that between them cover every benefit the product spec claims. */
export const FEATURES: readonly Feature[] = [
  {
    icon: 'sprout',
    title: 'Smart tree care',
    description:
      'Log each measurement and check-up, and see your tree’s growth next to the curve its species usually follows.',
    benefits: [
      'Growth predictions based on species and age',
      'Health monitoring from your check-ups',
      'Care reminders for watering, weeding, mulching and measuring',
    ],
  },
  {
    icon: 'coin',
    title: 'Give in a minute',
    description:
      'Sponsor saplings for a drive or give cash to the people planting them, through a secure card checkout.',
    benefits: [
      'Quick payments by card',
      'Choose trees or cash, for a drive you care about',
      'Every donation listed, with a PDF receipt',
    ],
  },
  {
    icon: 'pin',
    title: 'Every tree on the map',
    description:
      'Register each tree with its place on the map, a photo and a nickname, and follow it season after season.',
    benefits: [
      'Live maps of registered trees and tree drives',
      'Progress tracking from sapling to shade tree',
      'A page for every tree that other members can visit',
    ],
  },
  {
    icon: 'chart',
    title: 'Impact you can see',
    description:
      'See the trees, volunteer hours and estimated carbon your work adds up to, for you, your team or your organisation.',
    benefits: [
      'Visual dashboards for people and teams',
      'Impact reports ready for sustainability reviews',
      'CO₂ and O₂ estimates per species',
    ],
  },
  {
    icon: 'book',
    title: 'Plant expertise',
    description:
      'Pick the right tree for the right place from 70 species, and get saplings from partner nurseries who grow them.',
    benefits: [
      'Plant expertise: care schedules that follow each tree’s age',
      '70 species by local and English name, from neem to tamarind',
      'Partner nurseries list their stock and reserve saplings for drives',
    ],
  },
  {
    icon: 'calendar',
    title: 'Local events',
    description:
      'Find tree drives near you, or organise your own as a company or institution: set the date, the place and the trees you need.',
    benefits: [
      'Local events you can join in one tap',
      'Skill sharing: new planters work beside seasoned ones at every drive',
      'Sponsors and land donors credited on every drive',
    ],
  },
];

export const AUDIENCES: readonly { title: string; text: string }[] = [
  {
    title: 'Environmental activists',
    text: 'Turn campaigns into trees in the ground, and show the proof.',
  },
  {
    title: 'Corporate sustainability managers',
    text: 'Run company drives and report their impact with confidence.',
  },
  { title: 'Community organizers', text: 'Gather volunteers, sponsors and land in one place.' },
  { title: 'Nature lovers', text: 'Plant a tree, give it a name, and watch it thrive.' },
];

/** How each account type is named under a testimonial. */
export const ACCOUNT_TYPE_LABELS: Readonly<Record<string, string>> = {
  individual: 'Member',
  corporate: 'Company',
  nursery: 'Partner nursery',
};

/** Backgrounds of the initials drawn for members without a photo (white text, AA in both themes). */
export const INITIALS_CLASSES = [
  'bg-green-800 text-white',
  'bg-sky-800 text-white',
  'bg-amber-800 text-white',
] as const;

export interface Step {
  title: string;
  text: string;
}

export const HOW_IT_WORKS: readonly Step[] = [
  {
    title: 'Join Canopy',
    text: 'Create a free account as an individual, a company or institution, or a partner nursery.',
  },
  {
    title: 'Plant or give',
    text: 'Join a tree drive near you, donate trees or cash, or register a tree you have already planted.',
  },
  {
    title: 'Nurture and see your impact',
    text: 'Record how your trees grow, get reminded when they need care, and watch your impact add up.',
  },
];

export type TourIllustration = 'drive' | 'donate' | 'register' | 'nurture' | 'impact';

export interface TourSlide {
  title: string;
  text: string;
  illustration: TourIllustration;
}

/** The Watch Demo tour: a guided walk through the product, one step per slide. */
export const TOUR_SLIDES: readonly TourSlide[] = [
  {
    title: 'Create or join a tree drive',
    text: 'Browse planting events near you and join with one click. Companies and institutions organise their own: a date in the local time of the place, a spot on the map, the species and the number of trees.',
    illustration: 'drive',
  },
  {
    title: 'Donate trees or cash by card',
    text: 'Can’t make it in person? Sponsor saplings for a drive or give cash through a secure card checkout, and the organisers get to work.',
    illustration: 'donate',
  },
  {
    title: 'Register the trees you plant',
    text: 'Add each tree with its species, size, a photo and its place on the map, so it has a record of its own from the day it goes in the ground.',
    illustration: 'register',
  },
  {
    title: 'Nurture them as they grow',
    text: 'Log height and health at each visit. Canopy compares growth with what the species should manage and sends care reminders when watering or mulching is due.',
    illustration: 'nurture',
  },
  {
    title: 'See your impact',
    text: 'Your dashboard adds it all up: your living trees, the CO₂ they store (always as a low–high estimate), care due today and the drives ahead. Organisers also see participants and volunteer hours.',
    illustration: 'impact',
  },
];

export const FOOTER_LINKS: readonly {
  heading: string;
  links: readonly { label: string; href: string }[];
}[] = [
  {
    heading: 'Explore',
    links: [
      { label: 'Our impact', href: '#impact' },
      { label: 'Features', href: '#features' },
      { label: 'How it works', href: '#how-it-works' },
    ],
  },
  {
    heading: 'Your account',
    links: [
      { label: 'Start Growing', href: '/register' },
      { label: 'Sign In', href: '/login' },
      { label: 'Forgot password', href: '/forgot-password' },
    ],
  },
];

export const CONTACT_EMAIL = 'hello@canopy.example';

export type SocialNetwork = 'instagram' | 'x' | 'facebook' | 'linkedin';

export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  {
    network: 'instagram',
    label: 'Canopy on Instagram',
    href: 'https://www.instagram.com/canopy.trees',
  },
  { network: 'x', label: 'Canopy on X (Twitter)', href: 'https://x.com/canopytrees' },
  {
    network: 'facebook',
    label: 'Canopy on Facebook',
    href: 'https://www.facebook.com/canopy.trees',
  },
  {
    network: 'linkedin',
    label: 'Canopy on LinkedIn',
    href: 'https://www.linkedin.com/company/canopy-trees',
  },
];
