import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonLink } from './button';
import { commonMessages } from '../../i18n/common';
import { useT } from '../../i18n/use-t';
import {
  DESKTOP_MEDIA_QUERY,
  navLink,
  PublicAnchor,
  type PublicAction,
  type PublicLink,
} from './public-links';

/**
 * The public header's menu for narrow screens (below 1024 px): a disclosure button and a panel
 * under the bar holding the header's links and actions. It closes on a link click, a click or
 * tap outside it, Escape, and when the window becomes desktop-wide.
 */
export function PublicMenu({
  links,
  actions,
}: {
  links: readonly PublicLink[];
  actions: readonly PublicAction[];
}) {
  const t = useT(commonMessages);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node | null;
      if (!target) return;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => {
    const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
    function onChange(event: MediaQueryListEvent) {
      if (event.matches) setOpen(false);
    }
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        icon
        className="lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('menu.close') : t('menu.open')}
        onClick={() => setOpen((value) => !value)}
        data-testid="mobile-menu-button"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </Button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-base-content/10 bg-base-100 shadow-lg lg:hidden"
        data-testid="mobile-menu"
      >
        <nav
          aria-label={t('menu.label')}
          className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6"
        >
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <PublicAnchor
                  link={link}
                  className={`${navLink} block text-base`}
                  onClick={close}
                />
              </li>
            ))}
          </ul>
          {actions.length > 0 ? (
            <div className="mt-3 grid gap-3 border-t border-base-content/10 pt-4 sm:grid-cols-2">
              {actions.includes('signIn') ? (
                <ButtonLink to="/login" variant="secondary" onClick={close}>
                  {t('header.signIn')}
                </ButtonLink>
              ) : null}
              {actions.includes('register') ? (
                <ButtonLink to="/register" onClick={close}>
                  {t('header.startGrowing')}
                </ButtonLink>
              ) : null}
            </div>
          ) : null}
        </nav>
      </div>
    </>
  );
}
