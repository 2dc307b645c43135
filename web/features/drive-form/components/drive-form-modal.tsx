import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { ProfileType } from '../../../../contract/session';
import type { DriveDetail } from '../../../../contract/drives';
import { useModal } from '../../../components/ui/modal';
import { currentUserQuery } from '../../../lib/queries/current-user';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

// The form (date picker, map) is its own chunk: pages that only show the button stay light.
const DriveForm = lazy(() => import('./drive-form'));

/** The modal's titles (message keys of the drive-form namespace). */
export const DRIVE_MODAL_TITLES = {
  create: 'modal.create',
  edit: 'modal.edit',
} as const;

export interface DriveFormModalApi {
  /** With `organisationId`, the drive is organised for that organisation (team owners and admins). */
  openCreate(organisationId?: string): void;
  openEdit(drive: DriveDetail): void;
}

function FormLoading() {
  const t = useT(driveFormMessages);
  return (
    <div className="flex min-h-40 items-center justify-center" role="status">
      {t('modal.loading')}
    </div>
  );
}
const formLoading = <FormLoading />;

/** Opens the add / edit tree drive form in the app's global modal. */
export function useDriveFormModal(): DriveFormModalApi {
  const modal = useModal();
  const t = useT(driveFormMessages);
  const openCreate = useCallback(
    (organisationId?: string) =>
      modal.open({
        title: t(DRIVE_MODAL_TITLES.create),
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
    [modal, t],
  );
  const openEdit = useCallback(
    (drive: DriveDetail) =>
      modal.open({
        title: t(DRIVE_MODAL_TITLES.edit),
        size: 'xl',
        body: (close) => (
          <Suspense fallback={formLoading}>
            <DriveForm mode="edit" drive={drive} onDone={close} onCancel={close} />
          </Suspense>
        ),
      }),
    [modal, t],
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
  const t = useT(driveFormMessages);
  if (type !== 'corporate') return null;
  return (
    <Button onClick={() => openCreate()}>
      <Icon round={false}>
        <path d="M12 5v14M5 12h14" />
      </Icon>
      {t('button.add')}
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
  const t = useT(driveFormMessages);
  return (
    <Button variant="secondary" onClick={() => openCreate(organisationId)}>
      <Icon round={false}>
        <path d="M12 5v14M5 12h14" />
      </Icon>
      {t('button.organiseFor', { name: organisationName })}
    </Button>
  );
}
