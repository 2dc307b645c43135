import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Locale } from '../../../contract/languages';
import { Avatar } from '../../components/ui/avatar';
import { LanguageMenuItems } from '../../i18n/language-menu-items';
import { icons } from './icons';
import { useT } from '../../i18n/use-t';
import { shellMessages } from '../messages';

/**
 * The avatar dropdown (menu button pattern): Enter, Space or the arrows open it and focus an
 * item, the arrows move, Escape closes it and gives focus back to the button.
 */
export function UserMenu({
  username,
  avatarSrc,
  onLogout,
  loggingOut,
  onLocaleChange,
}: {
  username: string;
  avatarSrc: string;
  onLogout: () => void;
  loggingOut: boolean;
  /** The member chose a language here (saved on their account). */
  onLocaleChange?: (locale: Locale) => void;
}) {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  // Which item to focus once the menu is showing (first, last, or none for a mouse click).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    const all = items();
    if (target === 'first') all[0]?.focus();
    if (target === 'last') all[all.length - 1]?.focus();
    // A click anywhere else closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last' | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    } else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle avatar"
        aria-label={t('account.menuFor', { username })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openWith(null))}
        onKeyDown={onButtonKeyDown}
        data-testid="user-menu-button"
      >
        <Avatar src={avatarSrc} name={username} size={36} />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={t('account.label')}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="menu absolute right-0 z-40 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        <li role="none">
          <Link
            role="menuitem"
            to="/app/settings-profile"
            className="flex items-center justify-between"
            onClick={() => setOpen(false)}
          >
            <span>{t('account.settings')}</span>
            <span className="badge badge-primary badge-sm">{t('account.new')}</span>
          </Link>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            className="flex items-center gap-2"
            onClick={onLogout}
            disabled={loggingOut}
          >
            {icons.logout}
            <span>{t('account.logout')}</span>
          </button>
        </li>
        <LanguageMenuItems
          onChange={(locale) => {
            onLocaleChange?.(locale);
            setOpen(false);
          }}
        />
      </ul>
    </div>
  );
}
