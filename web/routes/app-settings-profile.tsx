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
  const t = useT(profileMessages);
  usePageTitle(t('page.settings'));
  const user = useOutletContext<CurrentUser>();
  // Bio and location are only on the public profile, so the details form waits for it.
  const profile = usePublicProfile(user._id);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <p>
        <Link to={`/app/user-profile/${user._id}`} className={textLink}>
          {t('settings.viewPublic')}
        </Link>
      </p>
      <SettingsSection title={t('settings.photoTitle')} description={t('settings.photoHint')}>
        {(headingId) => <AvatarForm user={user} headingId={headingId} />}
      </SettingsSection>
      <SettingsSection title={t('settings.detailsTitle')} description={t('settings.detailsHint')}>
        {(headingId) =>
          profile.data ? (
            <ProfileDetailsForm user={user} profile={profile.data} headingId={headingId} />
          ) : profile.isError ? (
            <LoadErrorCard
              message={failureMessage(profile.error, t('settings.failed'))}
              onRetry={() => void profile.refetch()}
            />
          ) : (
            <LoadingState label={t('settings.loading')} />
          )
        }
      </SettingsSection>
      <SettingsSection title={t('language.sectionTitle')} description={t('language.sectionHint')}>
        {(headingId) => <LanguageForm saved={user.locale ?? null} headingId={headingId} />}
      </SettingsSection>
      <SettingsSection
        title={t('settings.testimonialTitle')}
        description={t('settings.testimonialHint')}
      >
        {(headingId) => <TestimonialForm headingId={headingId} />}
      </SettingsSection>
      <SettingsSection title={t('settings.passwordTitle')} description={t('settings.passwordHint')}>
        {(headingId) => <ChangePasswordForm headingId={headingId} username={user.username} />}
      </SettingsSection>
      <SettingsSection
        title={t('settings.dangerTitle')}
        tone="danger"
        description={t('settings.dangerHint')}
      >
        {() => <DeleteAccountButton />}
      </SettingsSection>
    </div>
  );
}
