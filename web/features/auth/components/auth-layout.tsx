import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { PublicLayout } from '../../../components/ui/public-layout';
import { useT } from '../../../i18n/use-t';
import { authMessages } from '../messages';

/** Saplings on rolling hills under a morning sun; decorative, the tagline beside it says it all. */
function GrowingHillsIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 480 320"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id="auth-hill-far" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4ade80" />
          <stop offset="1" stopColor="#22c55e" />
        </linearGradient>
        <linearGradient id="auth-hill-near" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#16a34a" />
          <stop offset="1" stopColor="#166534" />
        </linearGradient>
      </defs>
      <circle cx="370" cy="90" r="46" fill="#fde68a" />
      <circle cx="370" cy="90" r="64" fill="#fde68a" opacity="0.35" />
      <path
        d="M0 210 C 90 150 170 170 250 195 S 400 160 480 185 V320 H0z"
        fill="url(#auth-hill-far)"
      />
      <path
        d="M0 250 C 110 210 210 230 300 250 S 420 230 480 240 V320 H0z"
        fill="url(#auth-hill-near)"
      />
      {/* Grown trees on the far hill */}
      <g>
        <rect x="86" y="150" width="8" height="36" rx="3" fill="#713f12" />
        <circle cx="90" cy="140" r="28" fill="#15803d" />
        <circle cx="76" cy="150" r="18" fill="#166534" />
        <rect x="176" y="160" width="7" height="28" rx="3" fill="#713f12" />
        <circle cx="180" cy="152" r="22" fill="#16a34a" />
        <rect x="420" y="150" width="6" height="30" rx="3" fill="#713f12" />
        <path d="M423 104 L446 156 H400z" fill="#166534" />
      </g>
      {/* Saplings in the foreground */}
      <g fill="none" stroke="#f0fdf4" strokeLinecap="round" strokeWidth="4">
        <path d="M140 262 v-26" />
        <path d="M240 268 v-34" />
        <path d="M340 262 v-24" />
      </g>
      <g fill="#bbf7d0">
        <path d="M140 242 c-14 -2 -20 -12 -20 -20 c12 0 20 8 20 20z" />
        <path d="M140 238 c12 -4 20 -14 20 -22 c-12 2 -20 10 -20 22z" />
        <path d="M240 240 c-16 -2 -24 -14 -24 -24 c14 0 24 10 24 24z" />
        <path d="M240 236 c14 -4 24 -16 24 -26 c-14 2 -24 12 -24 26z" />
        <path d="M340 244 c-12 -2 -18 -10 -18 -18 c10 0 18 6 18 18z" />
        <path d="M340 240 c10 -4 18 -12 18 -20 c-10 2 -18 10 -18 20z" />
      </g>
      <ellipse cx="140" cy="264" rx="16" ry="4" fill="#14532d" />
      <ellipse cx="240" cy="270" rx="20" ry="5" fill="#14532d" />
      <ellipse cx="340" cy="264" rx="15" ry="4" fill="#14532d" />
    </svg>
  );
}

/** The left-hand panel on large screens: logo, illustration and the Canopy tagline. */
function BrandPanel() {
  const t = useT(authMessages);
  return (
    <aside
      aria-label={t('layout.aboutLabel')}
      className="hidden flex-col justify-between gap-10 bg-linear-to-br from-green-50 via-emerald-100 to-green-200 p-10 text-green-950 lg:flex xl:p-14 dark:from-green-950 dark:via-emerald-950 dark:to-green-900 dark:text-green-50"
    >
      <Logo />
      <div>
        <GrowingHillsIllustration className="w-full max-w-lg overflow-hidden rounded-3xl" />
        <p className="mt-10 max-w-lg text-3xl leading-snug font-semibold xl:text-4xl">
          {t('layout.tagline')}
        </p>
        <p className="mt-4 text-lg font-medium">{t('layout.brandLine')}</p>
      </div>
      <p className="text-sm">{t('layout.about')}</p>
    </aside>
  );
}

/**
 * Frame shared by every account screen: the public layout (header with the theme switch, footer)
 * with the brand panel on the left on large screens and the screen's own content on the right
 * (alone on small screens).
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT(authMessages);
  return (
    <PublicLayout
      header={{ links: [{ label: t('layout.home'), href: '/' }] }}
      footer={{
        about: t('layout.brandLine'),
        groups: [
          {
            heading: t('layout.learnMore'),
            links: [{ label: t('layout.howCanopyWorks'), href: '/documentation' }],
          },
        ],
      }}
      aside={<BrandPanel />}
      mainClassName="flex items-center justify-center px-4 py-10 sm:px-8 lg:py-16"
    >
      <title>{t('layout.pageTitle', { title })}</title>
      <div className="w-full max-w-md">{children}</div>
    </PublicLayout>
  );
}
