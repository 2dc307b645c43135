import { Link, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { LoadErrorCard, LoadingState } from '../components/ui/status-cards';
import { usePublicProfile } from '../features/profile/api';
import { AvatarForm } from '../features/profile/components/avatar-form';
import { ChangePasswordForm } from '../features/profile/components/change-password-form';
import { DeleteAccountButton } from '../features/profile/components/delete-account-section';
import { ProfileDetailsForm } from '../features/profile/components/profile-details-form';
import { failureMessage } from '../features/profile/components/profile-errors';
import { LanguageForm } from '../features/profile/components/language-form';
import { profileMessages } from '../features/profile/messages';
import { useT } from '../i18n/use-t';
import { textLink } from '../components/ui/looks';
import { SettingsSection } from '../features/profile/components/settings-section';
import { TestimonialForm } from '../features/profile/components/testimonial-form';

/** /app/settings-profile — photo, details, testimonial, password and account deletion, each saved on its own. */
export default function AppSettingsProfile() {
  usePageTitle('Profile Settings');
  const user = useOutletContext<CurrentUser>();
  const t = useT(profileMessages);
  // Bio and location are only on the public profile, so the details form waits for it.
  const profile = usePublicProfile(user._id);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <p>
        <Link to={`/app/user-profile/${user._id}`} className={textLink}>
          View your public profile
        </Link>
      </p>
      <SettingsSection title="Profile photo" description="Shown beside your name across Canopy.">
        {(headingId) => <AvatarForm user={user} headingId={headingId} />}
      </SettingsSection>
      <SettingsSection title="Profile details" description="What other members see about you.">
        {(headingId) =>
          profile.data ? (
            <ProfileDetailsForm user={user} profile={profile.data} headingId={headingId} />
          ) : profile.isError ? (
            <LoadErrorCard
              message={failureMessage(profile.error, 'Your profile could not be loaded just now.')}
              onRetry={() => void profile.refetch()}
            />
          ) : (
            <LoadingState label="Loading profile…" />
          )
        }
      </SettingsSection>
      <SettingsSection title={t('language.sectionTitle')} description={t('language.sectionHint')}>
        {(headingId) => <LanguageForm saved={user.locale ?? null} headingId={headingId} />}
      </SettingsSection>
      <SettingsSection
        title="Your testimonial"
        description="A few words for people discovering Canopy. Shown on the home page only if you choose."
      >
        {(headingId) => <TestimonialForm headingId={headingId} />}
      </SettingsSection>
      <SettingsSection
        title="Change password"
        description="Your other sessions are signed out and your API tokens revoked; this one stays."
      >
        {(headingId) => <ChangePasswordForm headingId={headingId} username={user.username} />}
      </SettingsSection>
      <SettingsSection
        title="Danger zone"
        tone="danger"
        description="Deleting your account removes your profile and signs you out. It cannot be undone."
      >
        {() => <DeleteAccountButton />}
      </SettingsSection>
    </div>
  );
}
