import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { OrganisationDriveButton } from '../features/drive-form/components/drive-form-modal';
import { TeamSettings } from '../features/teams/components/team-settings';
import { RolePage } from '../app/role-page';
import { useT } from '../i18n/use-t';
import { teamsMessages } from '../features/teams/messages';

/** /app/settings-team — the organisation's team: members and roles, invites, pending invites. */
export default function AppSettingsTeam() {
  const t = useT(teamsMessages);
  usePageTitle(t('page.team'));
  const user = useOutletContext<CurrentUser>();
  return (
    <RolePage for="corporate" about={t('page.teamAbout')}>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <TeamSettings
          userId={user._id}
          managerActions={(org) => (
            <OrganisationDriveButton organisationId={org.id} organisationName={org.name} />
          )}
        />
      </div>
    </RolePage>
  );
}
