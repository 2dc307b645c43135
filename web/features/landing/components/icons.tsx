import type { IconName, SocialNetwork } from '../content';

/*
 * Line icons drawn inline, each a single path on a 24 × 24 grid (no icon library: the landing
 * page has a tight JavaScript budget). Circles and rounded squares are written as arcs.
 */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0-${2 * r} 0`;

const ICONS: Record<IconName, string> = {
  air: 'M3 8h11a3 3 0 1 0-3-3M3 12h15a3 3 0 1 1-3 3M3 16h7',
  sun: `${circle(12, 12, 4)}M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4`,
  water: 'M12 3s-6 7-6 11a6 6 0 0 0 12 0c0-4-6-11-6-11z',
  leaf: 'M5 19c0-9 6-14 15-15-1 9-6 15-15 15zM5 19l8-8',
  soil: 'M12 12V4M12 8c-2-3-5-3-6-2 1 3 4 3 6 2zM12 7c2-3 5-3 6-2-1 3-4 3-6 2zM3 14h18M5 18h2M11 18h2M17 18h2M8 21h2M14 21h2',
  people: `${circle(9, 8, 3)}${circle(17, 9, 2.5)}M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6M15 14.5c3 0 6 1.8 6 5.5`,
  sprout: 'M12 21v-9M12 12C12 8 9 5 4 5c0 4 3 7 8 7zM12 10c0-3 2.5-6 7-6 0 4-3 6-7 6zM7 21h10',
  heart: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z',
  pin: `M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z${circle(12, 9.5, 2.5)}`,
  chart: 'M4 4v16h16M8 16v-4M12 16V8M16 16v-6',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5M9 8h6',
  calendar:
    'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 10h18M8 3v4M16 3v4M12 13v5M10 16l2 2 2-2',
  coin: `${circle(12, 12, 9)}M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2`,
  clock: `${circle(12, 12, 9)}M12 7v5l3 2`,
  cloud: 'M7 18a4 4 0 0 1-.5-8 6 6 0 0 1 11.5 1.5A3.5 3.5 0 0 1 17.5 18z',
};

/** Simplified line-drawn marks of the networks; the link's label carries the meaning. */
const SOCIAL: Record<SocialNetwork, string> = {
  instagram: `M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5z${circle(12, 12, 4)}M17.5 6.5h.01`,
  x: 'M4 4l16 16M20 4l-6.5 7.4M10.5 12.6L4 20',
  facebook: 'M15 3h-2a4 4 0 0 0-4 4v3H6v4h3v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z',
  linkedin:
    'M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zM8 11v6M8 7.5v.01M12 17v-6M12 13.5a2.5 2.5 0 0 1 5 0V17',
};

function Glyph({
  d,
  className,
  strokeWidth,
}: {
  d: string;
  className: string;
  strokeWidth: number;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return <Glyph d={ICONS[name]} className={className} strokeWidth={1.8} />;
}

export function SocialIcon({
  network,
  className = 'h-5 w-5',
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return <Glyph d={SOCIAL[network]} className={className} strokeWidth={2} />;
}
