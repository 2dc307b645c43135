import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from './button';
import { commonMessages } from '../../i18n/common';
import { LanguageSwitch } from '../../i18n/language-switch';
import { useT } from '../../i18n/use-t';
import { Logo } from './logo';
import { navLink, PublicAnchor, type PublicAction, type PublicLink } from './public-links';
import { PublicMenu } from './public-menu';
import { ThemeToggle } from './theme-toggle';

/** Spec §9: the landing page's top bar turns solid after scrolling more than 100 px. */
export const SOLID_BAR_SCROLL_Y = 100;

export interface PublicHeaderProps {
  /** The page's links (sections of the page or other pages). */
  links?: readonly PublicLink[];
  /** Names the links' navigation landmark. */
  navLabel?: string;
  /**
   * Below 1024 px the links and actions move into a menu button (`menu`, the landing page), or
   * the links wrap onto a second row and stay visible (`wrap`).
   */
  narrow?: 'menu' | 'wrap';
  /** Sign In / Start Growing on the right. */
  actions?: readonly PublicAction[];
  /**
   * Fixed over the page's hero: transparent until the page has scrolled more than 100 px, with a
   * thin bar showing how much of the page has been read (the landing page). Otherwise sticky
   * and solid.
   */
  overlay?: boolean;
  /** Beside the logo, e.g. a "Docs" badge. */
  badge?: ReactNode;
}

/** How far down the page the reader is, from 0 to 1. */
function scrollFraction(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, window.scrollY / scrollable));
}

/** Whether the page has scrolled past the threshold; keeps `progressRef`'s bar up to date. */
function useScrolled(enabled: boolean, progressRef: RefObject<HTMLDivElement | null>) {
  const [solid, setSolid] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    function update() {
      frame = 0;
      setSolid(window.scrollY > SOLID_BAR_SCROLL_Y);
      const bar = progressRef.current;
      if (bar) {
        // Written straight to the element: no React render on every scroll event.
        const percent = Math.round(scrollFraction() * 100);
        bar.style.width = `${percent}%`;
        bar.setAttribute('aria-valuenow', String(percent));
      }
    }
    function schedule() {
      if (!frame) frame = window.requestAnimationFrame(update);
    }
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page grows when late content (the impact figures) arrives; keep the fraction honest.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [enabled, progressRef]);
  return solid;
}

/** The header of every public page: logo, the page's links, the theme switch and the actions. */
export function PublicHeader({
  links = [],
  navLabel,
  narrow = 'wrap',
  actions = [],
  overlay = false,
  badge,
}: PublicHeaderProps) {
  const t = useT(commonMessages);
  const progressRef = useRef<HTMLDivElement>(null);
  const solid = useScrolled(overlay, progressRef);
  const collapse = narrow === 'menu';
  const position = overlay
    ? `fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        solid ? 'bg-base-100 shadow-md' : 'bg-transparent'
      }`
    : 'sticky top-0 z-30 border-b border-base-300 bg-base-100';

  return (
    <header
      className={position}
      {...(overlay ? { 'data-solid': solid ? 'true' : 'false', 'data-testid': 'top-bar' } : {})}
    >
      {overlay ? (
        <div
          ref={progressRef}
          role="progressbar"
          aria-label={t('header.scrollProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={0}
          className="absolute left-0 top-0 h-1 bg-primary"
          style={{ width: '0%' }}
          data-testid="scroll-progress"
        />
      ) : null}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:px-6">
        <Logo className="rounded-md text-base-content focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content" />
        {badge}
        {links.length > 0 ? (
          <nav
            aria-label={navLabel ?? t('header.site')}
            className={
              collapse
                ? 'ml-6 hidden lg:block'
                : 'order-last -mx-3 w-full sm:order-none sm:mx-0 sm:ml-6 sm:w-auto'
            }
          >
            <ul className="flex flex-wrap items-center gap-1">
              {links.map((link) => (
                <li key={link.href}>
                  <PublicAnchor link={link} className={`${navLink} inline-block text-sm`} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <ThemeToggle />
          {actions.length > 0 ? (
            <div className={`items-center gap-2 ${collapse ? 'hidden lg:flex' : 'flex'}`}>
              {actions.includes('signIn') ? (
                <Link to="/login" className={`${navLink} text-sm`}>
                  {t('header.signIn')}
                </Link>
              ) : null}
              {actions.includes('register') ? (
                <ButtonLink to="/register" size="sm">
                  {t('header.startGrowing')}
                </ButtonLink>
              ) : null}
            </div>
          ) : null}
          {collapse ? <PublicMenu links={links} actions={actions} /> : null}
        </div>
      </div>
    </header>
  );
}
