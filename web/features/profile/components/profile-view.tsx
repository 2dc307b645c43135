import { MemberActivity } from './member-activity';
import { PROFILE_MESSAGES, type PublicProfile } from '../../../../contract/users';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { formatMonthYear } from '../../../lib/dates';
import { displayName } from '../api';
import { formatCount, formatDecimal } from '../../../lib/numbers';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';
import { useIntlLocale } from '../../../i18n/intl-locale';

/** "March 2026" in the given (else the browser's) locale; mid-month so every zone reads the same month. */
export const formatMemberSince = (iso: string, locale?: string): string =>
  Number.isNaN(Date.parse(iso))
    ? ''
    : formatMonthYear(`${iso.slice(0, 7)}-15T12:00:00.000Z`, locale);

function LocationIcon() {
  return (
    <Icon className="h-4 w-4">
      <path d="M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z" />
      <circle cx="12" cy="9" r="2.5" />
    </Icon>
  );
}

/** A member's public profile: who they are and what they have done on Canopy. */
export function ProfileView({ profile, isOwn }: { profile: PublicProfile; isOwn: boolean }) {
  const t = useT(profileMessages);
  const locale = useIntlLocale();
  const name = displayName(profile);
  const since = formatMemberSince(profile.memberSince, locale);
  const { volunteerHours } = profile.counts;
  const counts = [
    {
      label: t('view.drivesOrganised'),
      value: formatCount(profile.counts.drivesOrganised, locale),
    },
    { label: t('view.drivesJoined'), value: formatCount(profile.counts.drivesJoined, locale) },
    {
      label: t('view.treesRegistered'),
      value: formatCount(profile.counts.treesRegistered, locale),
    },
    // Attended hours (check-ins, and the drives they organised), not sign-ups.
    ...(volunteerHours !== undefined
      ? [{ label: t('view.volunteerHours'), value: formatDecimal(volunteerHours, 1, locale) }]
      : []),
  ];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <section className={sectionCard} aria-labelledby="profile-name">
        <div className="card-body flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
          <Avatar src={profile.file} name={name} size={128} />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h1 id="profile-name" className="text-3xl font-bold break-words">
              {name}
            </h1>
            <p className={`${mutedText} break-all`}>@{profile.username}</p>
            <p>
              <span className="badge badge-outline" data-testid="profile-type">
                {t(`type.${profile.profileType}`)}
              </span>
            </p>
            {profile.bio ? (
              <p className="whitespace-pre-line break-words" data-testid="profile-bio">
                {profile.bio}
              </p>
            ) : null}
            <div
              className={`flex flex-wrap justify-center gap-x-5 gap-y-1 sm:justify-start ${mutedText}`}
            >
              {profile.location ? (
                <span className="inline-flex items-center gap-1" data-testid="profile-location">
                  <LocationIcon />
                  <span className="sr-only">{t('view.location')}</span>
                  {profile.location}
                </span>
              ) : null}
              {since ? <span>{t('view.memberSince', { date: since })}</span> : null}
            </div>
          </div>
          {isOwn ? (
            <ButtonLink to="/app/settings-profile" variant="secondary">
              {t('view.edit')}
            </ButtonLink>
          ) : null}
        </div>
      </section>
      <section className={sectionCard} aria-labelledby="profile-activity">
        <div className="card-body">
          <h2 id="profile-activity" className="card-title">
            {t('view.onCanopy')}
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="profile-counts">
            {counts.map((count) => (
              <div key={count.label} className="rounded-box bg-base-200 p-4">
                <dt className={`text-sm ${mutedText}`}>{count.label}</dt>
                <dd className="text-3xl font-bold">{count.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <MemberActivity id={profile.id} name={name} />
    </div>
  );
}

/** Shown inside the app for an unknown or deleted member. */
export function ProfileNotFound({ dashboardPath }: { dashboardPath: string }) {
  const t = useT(profileMessages);
  return (
    <NotFoundCard
      headingId="profile-missing"
      title={PROFILE_MESSAGES.profileNotFound}
      to={dashboardPath}
      linkLabel={t('notFound.back')}
    >
      {t('notFound.text')}
    </NotFoundCard>
  );
}
