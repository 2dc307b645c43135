import { Button } from './button';
import { useTheme } from '../../app/theme';
import { Icon } from './icon';
import { commonMessages } from '../../i18n/common';
import { useT } from '../../i18n/use-t';

/** Light/dark switch; the label says what pressing it will do. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const t = useT(commonMessages);
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button
      variant="ghost"
      icon
      className={className}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? (
        <Icon round={false}>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </Icon>
      ) : (
        <Icon round={false}>
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </Icon>
      )}
    </Button>
  );
}
