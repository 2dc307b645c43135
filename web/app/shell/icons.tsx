import type { ReactElement, ReactNode } from 'react';
import { Icon } from '../../components/ui/icon';

/** The shell's icons: decorative, the text beside them names the control. */
const SHAPES = {
  myForest: (
    <>
      <path d="M7 22v-4M17 22v-5" />
      <path d="M7 18c-2.5 0-4-1.6-4-4 0-2.6 1.8-5 4-8 2.2 3 4 5.4 4 8 0 2.4-1.5 4-4 4z" />
      <path d="M17 17c-2.2 0-3.5-1.4-3.5-3.5S15 8.5 17 6c2 2.5 3.5 5.4 3.5 7.5S19.2 17 17 17z" />
      <path d="M3 22h18" />
    </>
  ),
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>
  ),
  myPlantations: (
    <>
      <path d="M12 22V12" />
      <path d="M12 12c0-4 3-7 8-7 0 5-3 7-8 7z" />
      <path d="M12 15c0-3-2.5-5-7-5 0 4 2.5 5 7 5z" />
    </>
  ),
  plantations: (
    <>
      <rect x="3" y="4" width="18" height="17" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </>
  ),
  donate: (
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z" />
  ),
  registration: (
    <>
      <path d="M9 11l3 3L22 4" />
      <path d="M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
    </>
  ),
  myTrees: (
    <>
      <path d="M12 22v-6" />
      <path d="M12 16c-4 0-7-2.5-7-6.5C5 5.5 8 2 12 2s7 3.5 7 7.5c0 4-3 6.5-7 6.5z" />
      <path d="M9 22h6" />
    </>
  ),
  treesMap: (
    <>
      <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2z" />
      <path d="M9 4v14M15 6v14" />
    </>
  ),
  verify: (
    <>
      <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </>
  ),
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="4" width="18" height="17" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18M8 14h2M14 14h2M8 18h2" />
    </>
  ),
  transactions: (
    <>
      <path d="M7 4h13M7 4l3-3M7 4l3 3" />
      <path d="M17 20H4M17 20l-3-3M17 20l-3 3" />
      <path d="M4 9h16v6H4z" />
    </>
  ),
  billing: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  team: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2 20c0-3.5 3-6 7-6s7 2.5 7 6" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.4.7 4 2.9 4 6" />
    </>
  ),
  stock: (
    <>
      <path d="M5 21h14M7 21v-5h10v5" />
      <path d="M12 16V9M12 9c0-3 2-5 5-5 0 3-2 5-5 5zM12 11c0-2.5-1.7-4-4-4 0 2.5 1.7 4 4 4z" />
    </>
  ),
  gettingStarted: (
    <>
      <path d="M4 21V4" />
      <path d="M4 4h13l-2 4 2 4H4" />
    </>
  ),
  charts: (
    <>
      <path d="M3 3v18h18" />
      <path d="M8 17v-5M13 17V8M18 17v-9" />
    </>
  ),
  features: (
    <>
      <path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
    </>
  ),
  components: (
    <>
      <rect x="3" y="3" width="8" height="8" rx="1" />
      <rect x="13" y="3" width="8" height="8" rx="1" />
      <rect x="3" y="13" width="8" height="8" rx="1" />
      <circle cx="17" cy="17" r="4" />
    </>
  ),
  integration: (
    <>
      <path d="M8 9l-5 3 5 3M16 9l5 3-5 3M14 5l-4 14" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.5v.01" />
    </>
  ),
  documentation: (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 12h7M9 16h7" />
    </>
  ),
  chevron: <path d="M6 9l6 6 6-6" />,
  menu: <path d="M3 6h18M3 12h18M3 18h18" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  logout: (
    <>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5M21 12H9" />
    </>
  ),
} satisfies Record<string, ReactNode>;

/** Drawn at 16 px beside small text; the rest at 20 px. */
const SMALL: ReadonlySet<keyof typeof SHAPES> = new Set(['chevron', 'logout']);

export const icons = Object.fromEntries(
  Object.entries(SHAPES).map(([name, shapes]) => [
    name,
    <Icon className={SMALL.has(name as keyof typeof SHAPES) ? 'h-4 w-4' : 'h-5 w-5'}>
      {shapes}
    </Icon>,
  ]),
) as Record<keyof typeof SHAPES, ReactElement>;
