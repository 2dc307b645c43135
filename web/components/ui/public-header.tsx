import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { ThemeToggle } from '../../../components/ui/theme-toggle';
import { NAV_ANCHORS, SOLID_BAR_SCROLL_Y } from '../content';
import { MobileMenu } from './mobile-menu';
import { navLink, primaryButtonSmall } from './primitives';

/** How far down the page the reader is, from 0 to 1. */
function scrollFraction(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, window.scrollY / scrollable));
}

/**
 * Fixed top bar: transparent over the hero, solid once the page has scrolled more than 100 px,
 * with a thin bar showing how much of the page has been read.
 */
export function TopBar() {
  const [solid, setSolid] = useState(false);
  const progressRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
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
    // The page grows when the impact figures arrive; keep the fraction honest.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        solid ? 'bg-base-100 shadow-md' : 'bg-transparent'
      }`}
      data-solid={solid ? 'true' : 'false'}
      data-testid="top-bar"
    >
      <div
        ref={progressRef}
        role="progressbar"
        aria-label="Page scroll progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={0}
        className="absolute left-0 top-0 h-1 bg-green-600"
        style={{ width: '0%' }}
        data-testid="scroll-progress"
      />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo className="rounded-md text-base-content focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content" />
        <nav aria-label="Page sections" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor.href}>
                <a href={anchor.href} className={`${navLink} text-sm`}>
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            <Link to="/login" className={`${navLink} text-sm`}>
              Sign In
            </Link>
            <Link to="/register" className={primaryButtonSmall}>
              Start Growing
            </Link>
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
