import { useOutletContext, useParams } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { LoadErrorCard, LoadingState } from '../components/ui/status-cards';
import { isMissingProfile, usePublicProfile } from '../features/profile/api';
import { failureMessage } from '../features/profile/components/profile-errors';
import { ProfileNotFound, ProfileView } from '../features/profile/components/profile-view';
import { VolunteerCertificateCard } from '../features/attendance/components/volunteer-certificate';
import { useT } from '../i18n/use-t';
import { profileMessages } from '../features/profile/messages';

/** /app/user-profile/:id — any member's public profile; on one's own, the volunteer certificate. */
export default function AppUserProfile() {
  const t = useT(profileMessages);
  usePageTitle(t('page.profile'));
  const user = useOutletContext<CurrentUser>();
  const { id } = useParams();
  const profile = usePublicProfile(id);

  if (profile.data) {
    const isOwn = [user.id, user._id].includes(profile.data.id);
    return (
      <div className="flex flex-col gap-6">
        <ProfileView profile={profile.data} isOwn={isOwn} />
        {/* One's own attended hours, as a PDF for a year. */}
        {isOwn ? (
          <div className="mx-auto w-full max-w-4xl">
            <VolunteerCertificateCard memberSince={profile.data.memberSince} />
          </div>
        ) : null}
      </div>
    );
  }
  if (!id || (profile.isError && isMissingProfile(profile.error)))
    return <ProfileNotFound dashboardPath={dashboardRouteFor(user.profileType)} />;
  if (profile.isError)
    return (
      <LoadErrorCard
        message={failureMessage(profile.error, t('profile.failed'))}
        onRetry={() => void profile.refetch()}
      />
    );
  return <LoadingState label={t('settings.loading')} />;
}
