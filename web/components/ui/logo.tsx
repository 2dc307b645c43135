import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';

/** The Canopy mark and name, linking home (or wherever `to` says). */
export function Logo({ to = '/', className = '' }: { to?: string; className?: string }) {
  const tc = useT(commonMessages);
  return (
    <Link
      to={to}
      className={`flex items-center gap-2 font-bold text-xl ${className}`}
      aria-label={tc('logo.home')}
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8">
        <circle cx="32" cy="32" r="32" fill="#166534" />
        <path d="M32 10c-9 8-14 16-14 24a14 14 0 0 0 28 0c0-8-5-16-14-24z" fill="#86efac" />
        <rect x="30" y="36" width="4" height="18" rx="2" fill="#f0fdf4" />
      </svg>
      <span>Canopy</span>
    </Link>
  );
}
