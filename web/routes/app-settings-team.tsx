import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { OrganisationDriveButton } from '../features/drive-form/components/drive-form-modal';
import { TeamSettings } from '../features/teams/components/team-settings';
import { RolePage } from '../app/role-page';

/** /app/settings-team — the organisation's team: members and roles, invites, pending invites. */
export default function AppSettingsTeam() {
  usePageTitle('Team');
  const user = useOutletContext<CurrentUser>();
  return (
    <RolePage
      for="corporate"
      about="Team lists an organisation's members and invitations; corporate accounts and the members of their team can use it, and when an organisation invites you, its team shows here."
    >
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
