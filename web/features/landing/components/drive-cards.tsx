import { Link } from 'react-router';
import type { ShowcaseDrive } from '../../../../contract/landing';
import { isKnownTimeZone } from '../../../lib/dates';
import { DriveScene } from './app-screens';
import { SOURCE_LOCALE } from '../../../../contract/languages';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useLocale } from '../../../i18n/locale';
import { regionName } from '../../../i18n/region-name';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages } from '../more-messages';

/** A drive's start at its place, e.g. "Tue, 1 Dec 2026, 08:00" (the place's own clock). */
function localStart(startsAt: string, timeZone: string, locale: string | undefined): string {
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(isKnownTimeZone(timeZone) ? { timeZone } : {}),
  }).format(date);
}

/** Where a drive's page is (members: the session guard asks a visitor to sign in first). */
export const driveHref = (id: string) => `/app/delive-detail/${id}`;

function DriveCard({ drive, index }: { drive: ShowcaseDrive; index: number }) {
  const t = useT(landingMoreMessages);
  const locale = useIntlLocale();
  const { locale: language } = useLocale();
  // The country in the page's language (English keeps the server's name).
  const country =
    language === SOURCE_LOCALE || !drive.countryCode
      ? drive.country
      : (regionName(language, drive.countryCode) ?? drive.country);
  return (
    <li
      className="group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-base-content/10 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      data-testid="showcase-drive"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-base-200">
        {drive.image ? (
          <img
            src={drive.image}
            alt=""
            loading="lazy"
            decoding="async"
            width={640}
            height={400}
            className="h-full w-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
          />
        ) : (
          <DriveScene variant={index} />
        )}
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold shadow ${
            drive.isPast ? 'bg-base-100 text-base-content' : 'bg-primary text-primary-content'
          }`}
        >
          {drive.isPast ? t('drives.planted') : t('drives.upcoming')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold break-words">
          {/* The whole card is the link's target; the name is its accessible name. */}
          <Link
            to={driveHref(drive.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {drive.name}
          </Link>
        </h3>
        <p className="flex items-start gap-2 text-sm text-base-content/80">
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            className="mt-0.5 h-4 w-4 shrink-0"
            fill="currentColor"
          >
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6a2.5 2.5 0 0 1 0 5.5z" />
          </svg>
          <span className="min-w-0 break-words">
            {drive.place}
            {country && !drive.place.includes(drive.country) && !drive.place.includes(country)
              ? `, ${country}`
              : ''}
          </span>
        </p>
        <p className="text-sm text-base-content/80">
          <time dateTime={drive.startsAt}>
            {localStart(drive.startsAt, drive.timeZone, locale)}
          </time>{' '}
          <span className="whitespace-nowrap">{t('drives.localTime')}</span>
        </p>
        <p className="mt-auto pt-2 text-sm font-medium">
          {t('drives.summary', {
            trees: drive.treeQuantity,
            volunteers: drive.participantCount,
          })}
        </p>
      </div>
    </li>
  );
}

/** The newest drives' cards, in their own chunk (their pictures and dates). */
export default function DriveCards({ drives }: { drives: readonly ShowcaseDrive[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="showcase-drives">
      {drives.map((drive, index) => (
        <DriveCard key={drive.id} drive={drive} index={index} />
      ))}
    </ul>
  );
}
