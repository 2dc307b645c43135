import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import type { DriveDetail } from '../../../../contract/drives';
import { useModal } from '../../../components/ui/modal';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { downloadDriveIcs, useDeleteDrive } from '../api';
import { checkInPath, MY_PLANTATIONS_PATH } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

function CalendarIcon() {
  return (
    <Icon>
      <rect x="3" y="4" width="18" height="17" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18M12 13v5M9.5 15.5h5" />
    </Icon>
  );
}

/**
 * "Add to calendar" for everyone; Check-in, Edit and Delete for the organiser (or whoever
 * `canManage` names: the organisation's owners and admins).
 */
export function DriveActions({
  drive,
  onEdit,
  canManage = drive.isOrganizer,
}: {
  drive: DriveDetail;
  onEdit?: () => void;
  canManage?: boolean;
}) {
  const modal = useModal();
  const navigate = useNavigate();
  const remove = useDeleteDrive();
  const [downloading, setDownloading] = useState(false);
  const t = useT(drivesMessages);

  const addToCalendar = async () => {
    setDownloading(true);
    try {
      await downloadDriveIcs(drive);
    } catch (error) {
      toast.error(failureMessage(error, t('actions.icsFailed')));
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async () => {
    const yes = await modal.confirm({
      title: t('actions.deleteTitle'),
      message: t('actions.deleteMessage', {
        name: drive.driveName,
        count: Math.max(0, drive.participantCount),
      }),
      confirmLabel: t('actions.deleteConfirm'),
    });
    if (!yes) return;
    remove.mutate(drive.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void navigate(MY_PLANTATIONS_PATH);
      },
      onError: (error) => toast.error(failureMessage(error)),
    });
  };

  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" onClick={() => void addToCalendar()} busy={downloading}>
        <CalendarIcon />
        {t('actions.addToCalendar')}
      </Button>
      {canManage ? (
        // A full page load: only the desk's own page may use the camera (Permissions-Policy).
        <ButtonLink to={checkInPath(drive.id)} variant="secondary" reloadDocument>
          {t('actions.checkIn')}
        </ButtonLink>
      ) : null}
      {canManage && onEdit ? (
        <Button variant="secondary" onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      ) : null}
      {canManage ? (
        <Button variant="danger" onClick={() => void confirmDelete()} busy={remove.isPending}>
          {t('actions.delete')}
        </Button>
      ) : null}
    </div>
  );
}
