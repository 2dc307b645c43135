import type { ReactNode } from 'react';
import { GREEN, INK, Tree } from './tour-illustrations';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages, type LandingMoreT } from '../more-messages';

/*
 * The landing page's drawn pictures beyond the tour's scenes (issue 23), in the same style and
 * palette: drive landscapes and the app's screens in miniature. A lazily loaded chunk.
 */
const SKY = ['#e0f2fe', '#fef3c7', '#dcfce7', '#ede9fe', '#ffedd5', '#ccfbf1'] as const;
const HILL = ['#86efac', '#4ade80', '#a3e635', '#6ee7b7', '#bef264', '#5eead4'] as const;

/**
 * A drive's picture when its organiser gave none: a landscape in the tour's style, one of six
 * colourings so a row of them does not repeat. Decorative.
 */
export function DriveScene({ variant = 0 }: { variant?: number }) {
  const i = Math.abs(variant) % SKY.length;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      className="h-full w-full"
    >
      <rect width="320" height="200" fill={SKY[i]} />
      <circle cx={60 + i * 36} cy="52" r="22" fill="#fde68a" />
      <path d="M0 130c60-30 120-34 180-14s100 18 140-6v90H0z" fill={HILL[i]} />
      <path d="M0 160c70-18 150-20 230-4 40 8 70 6 90-2v46H0z" fill={GREEN} />
      <Tree x={70} y={118} scale={1.1} />
      <Tree x={250} y={112} scale={1.3} />
      <Tree x={160} y={134} scale={0.7} />
    </svg>
  );
}

export type AppScreen = 'join' | 'drive' | 'tree';

const SCREEN_TEXT = { fontFamily: 'system-ui, sans-serif', fill: INK } as const;

/** The app's chrome around a miniature screen: a phone with its top bar and the Canopy mark. */
function Phone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <rect x="50" y="4" width="140" height="232" rx="20" fill={INK} />
      <rect x="56" y="12" width="128" height="216" rx="14" fill="#fff" />
      <rect x="56" y="12" width="128" height="28" rx="14" fill="#f0fdf4" />
      <rect x="56" y="26" width="128" height="14" fill="#f0fdf4" />
      <circle cx="70" cy="27" r="6" fill={GREEN} />
      <text x="80" y="31" fontSize="10" fontWeight="700" {...SCREEN_TEXT}>
        {title}
      </text>
      {children}
    </>
  );
}

const screens = (t: LandingMoreT): Record<AppScreen, ReactNode> => ({
  // Sign-up: the three account types as tiles, the chosen one marked, and the Register button.
  join: (
    <Phone title="Canopy">
      <text x="66" y="58" fontSize="9" fontWeight="700" {...SCREEN_TEXT}>
        {t('screen.join.heading')}
      </text>
      {[t('screen.join.individual'), t('screen.join.company'), t('screen.join.nursery')].map(
        (label, i) => (
          <g key={label}>
            <rect
              x={66 + i * 38}
              y="66"
              width="34"
              height="36"
              rx="6"
              fill={i === 0 ? '#dcfce7' : '#f8fafc'}
              stroke={i === 0 ? GREEN : '#cbd5e1'}
              strokeWidth={i === 0 ? 2 : 1}
            />
            <circle cx={83 + i * 38} cy="79" r="6" fill={i === 0 ? GREEN : '#94a3b8'} />
            <text x={83 + i * 38} y="97" fontSize="5.5" textAnchor="middle" {...SCREEN_TEXT}>
              {label}
            </text>
          </g>
        ),
      )}
      {[t('screen.join.name'), t('screen.join.email'), t('screen.join.password')].map(
        (label, i) => (
          <g key={label}>
            <text x="66" y={118 + i * 26} fontSize="6" {...SCREEN_TEXT}>
              {label}
            </text>
            <rect
              x="66"
              y={121 + i * 26}
              width="108"
              height="13"
              rx="4"
              fill="#fff"
              stroke="#cbd5e1"
            />
          </g>
        ),
      )}
      <rect x="66" y="196" width="108" height="18" rx="9" fill={GREEN} />
      <text x="120" y="208" fontSize="8" fontWeight="700" textAnchor="middle" fill="#fff">
        {t('screen.join.register')}
      </text>
    </Phone>
  ),
  // A drive's page: its picture, name, date and place, who joined, and Join.
  drive: (
    <Phone title={t('screen.drive.title')}>
      <rect x="62" y="46" width="116" height="60" rx="8" fill="#dcfce7" />
      <path
        d="M62 92c26-14 52-16 78-6s30 8 38 2v10a8 8 0 0 1-8 8H70a8 8 0 0 1-8-8z"
        fill="#4ade80"
      />
      <Tree x={88} y={80} scale={0.6} />
      <Tree x={150} y={76} scale={0.75} />
      <text x="66" y="122" fontSize="9" fontWeight="700" {...SCREEN_TEXT}>
        {t('screen.drive.name')}
      </text>
      <rect x="66" y="130" width="8" height="8" rx="2" fill={GREEN} />
      <text x="78" y="137" fontSize="6.5" {...SCREEN_TEXT}>
        {t('screen.drive.when')}
      </text>
      <path d="M70 154s-4-4-4-7a4 4 0 0 1 8 0c0 3-4 7-4 7z" fill="#ef4444" />
      <text x="78" y="152" fontSize="6.5" {...SCREEN_TEXT}>
        {t('screen.drive.place')}
      </text>
      {[0, 1, 2, 3].map((i) => (
        <circle
          key={i}
          cx={72 + i * 11}
          cy="172"
          r="6"
          fill={['#fbbf24', '#60a5fa', '#f472b6', '#34d399'][i]}
          stroke="#fff"
          strokeWidth="1.5"
        />
      ))}
      <text x="118" y="175" fontSize="6.5" {...SCREEN_TEXT}>
        {t('screen.drive.joined')}
      </text>
      <rect x="66" y="196" width="108" height="18" rx="9" fill={GREEN} />
      <text x="120" y="208" fontSize="8" fontWeight="700" textAnchor="middle" fill="#fff">
        {t('screen.drive.join')}
      </text>
    </Phone>
  ),
  // A tree's page: its photo, the four numbers' kind of facts, its growth and the next care.
  tree: (
    <Phone title={t('screen.tree.title')}>
      <rect x="62" y="46" width="116" height="56" rx="8" fill="#e0f2fe" />
      <path d="M62 94h116v2a6 6 0 0 1-6 6H68a6 6 0 0 1-6-6z" fill="#86efac" />
      <Tree x={120} y={74} scale={1} />
      <text x="66" y="116" fontSize="9" fontWeight="700" {...SCREEN_TEXT}>
        {t('screen.tree.name')}
      </text>
      <rect x="66" y="121" width="44" height="11" rx="5.5" fill="#dcfce7" />
      <text x="88" y="129" fontSize="6" textAnchor="middle" fill={GREEN} fontWeight="700">
        {t('screen.tree.status')}
      </text>
      <path d="M66 170h108M66 170v-32" stroke="#cbd5e1" strokeWidth="1" />
      <path
        d="M68 166c14-2 22-6 34-10s24-8 36-14 20-4 32-6"
        stroke={GREEN}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      <text x="66" y="182" fontSize="6" {...SCREEN_TEXT}>
        {t('screen.tree.height')}
      </text>
      <rect x="66" y="192" width="108" height="22" rx="6" fill="#fef3c7" />
      <path d="M74 200h8l-2 8h-4z" fill="#0ea5e9" />
      <text x="88" y="206" fontSize="6.5" fontWeight="700" {...SCREEN_TEXT}>
        {t('screen.tree.care')}
      </text>
    </Phone>
  ),
});

/**
 * One screen of the app in miniature (issue 23: how it works, shown as the screens they are),
 * drawn in the tour's style. Decorative: the step's heading and text carry the meaning.
 */
export function AppScreenArt({ screen }: { screen: AppScreen }) {
  const t = useT(landingMoreMessages);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 240 240"
      className="h-auto w-full max-w-[15rem]"
      data-testid={`screen-${screen}`}
    >
      <circle cx="120" cy="124" r="112" fill="#f0fdf4" />
      {screens(t)[screen]}
    </svg>
  );
}
