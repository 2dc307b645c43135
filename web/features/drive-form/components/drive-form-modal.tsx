import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { ProfileType } from '../../../../contract/session';
import type { DriveDetail } from '../../../../contract/drives';
import { useModal } from '../../../components/ui/modal';
import { currentUserQuery } from '../../../lib/queries/current-user';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

// The form (date picker, map) is its own chunk: pages that only show the button stay light.
const DriveForm = lazy(() => import('./drive-form'));

export const DRIVE_MODAL_TITLES = {
  create: 'Add New Tree Drive',
  edit: 'Edit Tree Drive',
} as const;

export interface DriveFormModalApi {
  /** With `organisationId`, the drive is organised for that organisation (team owners and admins). */
  openCreate(organisationId?: string): void;
  openEdit(drive: DriveDetail): void;
}

const formLoading = (
  <div className="flex min-h-40 items-center justify-center" role="status">
    Loading…
  </div>
);

/** Opens the add / edit tree drive form in the app's global modal. */
export function useDriveFormModal(): DriveFormModalApi {
  const modal = useModal();
  const openCreate = useCallback(
    (organisationId?: string) =>
      modal.open({
        title: DRIVE_MODAL_TITLES.create,
        size: 'xl',
        body: (close) => (
          <Suspense fallback={formLoading}>
            <DriveForm
              mode="create"
              onDone={close}
              onCancel={close}
              {...(organisationId ? { organisationId } : {})}
            />
          </Suspense>
        ),
      }),
    [modal],
  );
  const openEdit = useCallback(
    (drive: DriveDetail) =>
      modal.open({
        title: DRIVE_MODAL_TITLES.edit,
        size: 'xl',
        body: (close) => (
          <Suspense fallback={formLoading}>
            <DriveForm mode="edit" drive={drive} onDone={close} onCancel={close} />
          </Suspense>
        ),
      }),
    [modal],
  );
  return useMemo(() => ({ openCreate, openEdit }), [openCreate, openEdit]);
}

/** The signed-in user's account type, from the shell's current-user query (shared cache). */
function useProfileType(known: ProfileType | undefined): ProfileType | undefined {
  const query = useQuery({ ...currentUserQuery(), enabled: known === undefined });
  return known ?? query.data?.user.profileType;
}

/** "Add Tree Drive": only corporate accounts organise drives, so others see nothing. */
export function AddDriveButton({
  profileType,
}: {
  /** Skips reading the current user when the page already knows the account type. */
  profileType?: ProfileType;
}) {
  const type = useProfileType(profileType);
  const { openCreate } = useDriveFormModal();
  if (type !== 'corporate') return null;
  return (
    <Button onClick={() => openCreate()}>
      <Icon round={false}>
        <path d="M12 5v14M5 12h14" />
      </Icon>
      Add Tree Drive
    </Button>
  );
}

/** "Organise a drive for <organisation>": for a team's owners and admins (the team screen shows it). */
export function OrganisationDriveButton({
  organisationId,
  organisationName,
}: {
  organisationId: string;
  organisationName: string;
}) {
  const { openCreate } = useDriveFormModal();
  return (
    <Button variant="secondary" onClick={() => openCreate(organisationId)}>
      <Icon round={false}>
        <path d="M12 5v14M5 12h14" />
      </Icon>
      Organise a drive for {organisationName}
    </Button>
  );
}
