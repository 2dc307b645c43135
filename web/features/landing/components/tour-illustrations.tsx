import type { ReactNode } from 'react';
import type { TourIllustration } from '../content';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages } from '../more-messages';

/** The formula on the impact scene's cloud (a word some scripts write their own way). */
function Co2Label() {
  return useT(landingMoreMessages)('art.co2');
}

/** The illustrated style's palette, shared with the app's miniature screens (app-screens.tsx). */
export const GREEN = '#15803d';
export const LEAF = '#4ade80';
export const TRUNK = '#92400e';
export const INK = '#1f2937';

export function Tree({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x="-3" y="0" width="6" height="22" rx="2" fill={TRUNK} />
      <circle cx="0" cy="-6" r="16" fill={GREEN} />
      <circle cx="-8" cy="-12" r="8" fill={LEAF} opacity="0.7" />
    </g>
  );
}

const SCENES: Record<TourIllustration, ReactNode> = {
  drive: (
    <>
      <rect x="24" y="24" width="92" height="84" rx="10" fill="#fff" stroke={INK} strokeWidth="3" />
      <rect x="24" y="24" width="92" height="22" rx="10" fill={GREEN} />
      <path d="M46 16v16M94 16v16" stroke={INK} strokeWidth="4" strokeLinecap="round" />
      <g fill="#d1fae5">
        <rect x="36" y="56" width="16" height="14" rx="3" />
        <rect x="62" y="56" width="16" height="14" rx="3" />
        <rect x="88" y="56" width="16" height="14" rx="3" />
        <rect x="36" y="80" width="16" height="14" rx="3" />
        <rect x="88" y="80" width="16" height="14" rx="3" />
      </g>
      <rect
        x="62"
        y="80"
        width="16"
        height="14"
        rx="3"
        fill={LEAF}
        stroke={GREEN}
        strokeWidth="2"
      />
      <path d="M176 104s-24-21-24-40a24 24 0 0 1 48 0c0 19-24 40-24 40z" fill="#ef4444" />
      <circle cx="176" cy="64" r="9" fill="#fff" />
      <Tree x={140} y={112} scale={0.7} />
      <Tree x={212} y={112} scale={0.7} />
      <path d="M126 128h104" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  donate: (
    <>
      <rect x="20" y="36" width="120" height="76" rx="10" fill={INK} />
      <rect x="20" y="52" width="120" height="14" fill="#4b5563" />
      <rect x="32" y="80" width="24" height="16" rx="3" fill="#fbbf24" />
      <path d="M66 90h40" stroke="#9ca3af" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M186 72s-26-15-26-33a14 14 0 0 1 26-7 14 14 0 0 1 26 7c0 18-26 33-26 33z"
        fill="#f43f5e"
      />
      <path d="M186 130v-34" stroke={TRUNK} strokeWidth="4" strokeLinecap="round" />
      <path
        d="M186 104c-4-10-14-14-24-12 2 10 12 15 24 12zM186 98c4-10 14-14 24-12-2 10-12 15-24 12z"
        fill={LEAF}
      />
      <path d="M164 130h44" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  register: (
    <>
      <rect x="78" y="10" width="84" height="130" rx="14" fill={INK} />
      <rect x="86" y="22" width="68" height="100" rx="6" fill="#ecfdf5" />
      <path
        d="M86 70c20-10 40 10 68-4M86 96c22-8 40 6 68-6"
        stroke="#a7f3d0"
        strokeWidth="5"
        fill="none"
      />
      <path d="M120 74s-14-12-14-23a14 14 0 0 1 28 0c0 11-14 23-14 23z" fill={GREEN} />
      <circle cx="120" cy="51" r="5" fill="#fff" />
      <rect x="108" y="128" width="24" height="4" rx="2" fill="#6b7280" />
      <Tree x={40} y={104} scale={0.9} />
      <Tree x={200} y={104} scale={0.9} />
      <path d="M18 130h44M178 130h44" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  nurture: (
    <>
      <Tree x={96} y={96} scale={1.6} />
      <path d="M50 132h100" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <rect
        x="150"
        y="30"
        width="12"
        height="100"
        rx="3"
        fill="#fde68a"
        stroke="#b45309"
        strokeWidth="2"
      />
      <path
        d="M150 45h6M150 60h6M150 75h6M150 90h6M150 105h6M150 120h6"
        stroke="#b45309"
        strokeWidth="2"
      />
      <path d="M184 58h26l-6 26h-18z" fill="#0ea5e9" />
      <path d="M184 64l-14-10" stroke="#0ea5e9" strokeWidth="5" strokeLinecap="round" />
      <path
        d="M168 60v6M163 66v6M172 68v6"
        stroke="#38bdf8"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M196 16a10 10 0 0 1 10 10v8l4 6h-28l4-6v-8a10 10 0 0 1 10-10z" fill="#f59e0b" />
      <circle cx="196" cy="44" r="3" fill="#f59e0b" />
    </>
  ),
  impact: (
    <>
      <path d="M24 124h120M24 124V24" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <rect x="36" y="96" width="18" height="28" rx="3" fill={LEAF} />
      <rect x="64" y="76" width="18" height="48" rx="3" fill={LEAF} />
      <rect x="92" y="56" width="18" height="68" rx="3" fill={GREEN} />
      <rect x="120" y="34" width="18" height="90" rx="3" fill={GREEN} />
      <path
        d="M160 50a14 14 0 0 1 26-8 12 12 0 0 1 20 10 10 10 0 0 1-2 20h-40a11 11 0 0 1-4-22z"
        fill="#cbd5e1"
      />
      <text x="184" y="64" textAnchor="middle" fontSize="13" fontWeight="700" fill={INK}>
        <Co2Label />
      </text>
      <path d="M184 80v24" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <path
        d="M176 96l8 10 8-10"
        stroke={INK}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <Tree x={184} y={124} scale={0.55} />
    </>
  ),
};

/** One small scene per tour step; decorative, the step's text carries the meaning. */
export function TourIllustrationArt({ name }: { name: TourIllustration }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 240 150"
      className="h-auto w-full max-w-xs"
    >
      <rect x="0" y="0" width="240" height="150" rx="16" fill="#f0fdf4" />
      {SCENES[name]}
    </svg>
  );
}
