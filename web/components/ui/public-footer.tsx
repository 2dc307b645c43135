import type { ReactNode } from 'react';
import { Logo } from './logo';
import { PublicAnchor, type PublicLink } from './public-links';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';

export interface FooterLinkGroup {
  heading: string;
  links: readonly PublicLink[];
}

export interface PublicFooterProps {
  /** Under the logo: what Canopy is (and, on the landing page, contact and social links). */
  about: ReactNode;
  groups: readonly FooterLinkGroup[];
  /** A last column, e.g. the newsletter sign-up. */
  extra?: ReactNode;
  /** The landing page's footer is its #contact section. */
  id?: string;
}

/** Links and text on the footer's dark background (neutral-content on neutral: AA). */
export const footerLink =
  'rounded-sm text-neutral-content/90 underline-offset-4 hover:text-neutral-content hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content';

/** The footer of every public page: logo and about text, link groups, an optional extra column. */
export function PublicFooter({ about, groups, extra, id }: PublicFooterProps) {
  const tc = useT(commonMessages);
  const year = new Date().getFullYear();
  return (
    <footer
      id={id}
      className="scroll-mt-20 bg-neutral text-neutral-content"
      aria-labelledby="footer-title"
    >
      <h2 id="footer-title" className="sr-only">
        {tc('footer.title')}
      </h2>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-12">
        <div className="col-span-2 lg:col-span-4">
          <Logo className="text-neutral-content focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content" />
          <div className="mt-4 max-w-sm text-neutral-content/90">{about}</div>
        </div>

        {groups.map((group, index) => (
          <nav
            key={group.heading}
            aria-labelledby={`footer-links-${index}`}
            className="col-span-1 lg:col-span-2"
          >
            <h3 id={`footer-links-${index}`} className="font-semibold">
              {group.heading}
            </h3>
            <ul className="mt-4 flex flex-col gap-3">
              {group.links.map((link) => (
                <li key={link.label}>
                  <PublicAnchor link={link} className={footerLink} />
                </li>
              ))}
            </ul>
          </nav>
        ))}

        {extra ? <div className="col-span-2 lg:col-span-4">{extra}</div> : null}
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-neutral-content/90 sm:px-6">
          {tc('footer.copyright', { year: String(year) })}
        </p>
      </div>
    </footer>
  );
}
