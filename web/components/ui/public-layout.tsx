import type { ReactNode } from 'react';
import { PublicFooter, type PublicFooterProps } from './public-footer';
import { PublicHeader, type PublicHeaderProps } from './public-header';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';

/**
 * The frame of every public page (landing, documentation, /landing-page and the account screens):
 * a "Skip to content" link, the header (logo, the page's links, theme switch, Sign In / Start
 * Growing), the page in `<main id="main">` (beside `aside` on large screens when given), and the
 * footer.
 */
export function PublicLayout({
  header = {},
  footer,
  aside,
  mainClassName = '',
  children,
}: {
  header?: PublicHeaderProps;
  footer: PublicFooterProps;
  /** A panel beside the page on large screens (the account screens' brand panel). */
  aside?: ReactNode;
  mainClassName?: string;
  children: ReactNode;
}) {
  const tc = useT(commonMessages);
  const main = (
    <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${mainClassName}`}>
      {children}
    </main>
  );
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-base-100 px-4 py-2 font-semibold text-base-content shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus-visible:outline-2 focus-visible:outline-base-content"
      >
        {tc('nav.skipToContent')}
      </a>
      <PublicHeader {...header} />
      {aside ? (
        <div className="flex flex-1 flex-col lg:grid lg:grid-cols-2">
          {aside}
          {main}
        </div>
      ) : (
        main
      )}
      <PublicFooter {...footer} />
    </div>
  );
}
