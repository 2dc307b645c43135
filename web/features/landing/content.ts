/**
 * The landing page's structure: which sections, cards and links, in order. Their words are in
 * locales/<lang>/landing.json under the ids named here (issue 26).
 */

/**
 * Spec §9: the carousel advances every 5000 ms and holds three testimonials: members' own, the
 * newest they chose to show (issue 23); fewer while fewer members have opted in, never made up.
 */
export const TESTIMONIAL_INTERVAL_MS = 5000;
/** The top bar's links to the page's sections (labels: landing.json nav.<key>). */
export const NAV_ANCHORS = [
  { href: '#impact', key: 'impact' },
  { href: '#features', key: 'features' },
  { href: '#how-it-works', key: 'howItWorks' },
  { href: '#contact', key: 'contact' },
] as const;

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

/** Environmental benefits (benefits.<icon>.title/text): well-established effects, no invented figures. */
export const BENEFITS = ['air', 'sun', 'water', 'leaf', 'soil', 'people'] as const;

/** Six features that between them cover every benefit the product spec claims (features.<id>.*). */
export const FEATURES = [
  { icon: 'sprout', id: 'care' },
  { icon: 'coin', id: 'give' },
  { icon: 'pin', id: 'map' },
  { icon: 'chart', id: 'impact' },
  { icon: 'book', id: 'expertise' },
  { icon: 'calendar', id: 'events' },
] as const satisfies readonly { icon: IconName; id: string }[];
/** Each feature card lists three benefits (features.<id>.benefit1–3). */
export const FEATURE_BENEFITS = ['benefit1', 'benefit2', 'benefit3'] as const;

export const AUDIENCES = ['activists', 'managers', 'organizers', 'natureLovers'] as const;

/** Backgrounds of the initials drawn for members without a photo (white text, AA in both themes). */
export const INITIALS_CLASSES = [
  'bg-green-800 text-white',
  'bg-sky-800 text-white',
  'bg-amber-800 text-white',
] as const;

/** The three steps (how.<id>.title/text). */
export const HOW_IT_WORKS = ['join', 'plant', 'nurture'] as const;

export type TourIllustration = 'drive' | 'donate' | 'register' | 'nurture' | 'impact';

/** The Watch Demo tour's steps in order (words: landing-more.json tour.<step>.title/text). */
export const TOUR_STEPS: readonly TourIllustration[] = [
  'drive',
  'donate',
  'register',
  'nurture',
  'impact',
];

/** The footer's link groups (labels: landing.json footer.<key>). */
export const FOOTER_LINKS = [
  {
    heading: 'explore',
    links: [
      { key: 'ourImpact', href: '#impact' },
      { key: 'features', href: '#features' },
      { key: 'howItWorks', href: '#how-it-works' },
    ],
  },
  {
    heading: 'yourAccount',
    links: [
      { key: 'startGrowing', href: '/register' },
      { key: 'signIn', href: '/login' },
      { key: 'forgotPassword', href: '/forgot-password' },
    ],
  },
] as const;

export const CONTACT_EMAIL = 'hello@canopy.example';

export type SocialNetwork = 'instagram' | 'x' | 'facebook' | 'linkedin';

/** Labels: landing.json social.<network>. */
export const SOCIAL_LINKS: readonly { network: SocialNetwork; href: string }[] = [
  { network: 'instagram', href: 'https://www.instagram.com/canopy.trees' },
  { network: 'x', href: 'https://x.com/canopytrees' },
  { network: 'facebook', href: 'https://www.facebook.com/canopy.trees' },
  { network: 'linkedin', href: 'https://www.linkedin.com/company/canopy-trees' },
];
