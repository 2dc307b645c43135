import type { ReactNode } from 'react';

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

export interface SceneSpec {
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
export function Scene({ spec, label, id }: { spec: SceneSpec; label?: string; id: string }) {
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
