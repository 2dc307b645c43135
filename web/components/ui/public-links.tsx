import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from './looks';

/** Spec §9: the desktop breakpoint, Tailwind's `lg:` (64rem = 1024 px). */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';

/**
 * A link in a public page's header, menu or footer: `#section` stays on the page, `/path` is a
 * route, and `plain` ones (server pages such as /api/docs) are ordinary links.
 */
export interface PublicLink {
  label: string;
  href: string;
  plain?: boolean;
}

/** The buttons on the right of the header: Sign In (/login) and Start Growing (/register). */
export type PublicAction = 'signIn' | 'register';

/** Text links in the header and its menu. */
export const navLink = `rounded-md px-3 py-2 font-medium text-base-content transition-colors hover:bg-base-content/10 ${focusRing}`;

/** One public link as an <a> or a router <Link>. */
export function PublicAnchor({
  link,
  className,
  onClick,
  children,
}: {
  link: PublicLink;
  className: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const content = children ?? link.label;
  if (link.plain || link.href.startsWith('#'))
    return (
      <a href={link.href} className={className} onClick={onClick}>
        {content}
      </a>
    );
  return (
    <Link to={link.href} className={className} onClick={onClick}>
      {content}
    </Link>
  );
}
