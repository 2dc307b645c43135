import { useId } from 'react';
import { toast } from '../../../components/ui/toast';
import { DRIVE_MESSAGES, type Drive } from '../../../../contract/drives';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useJoinDrive, useLeaveDrive } from '../api';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

type Participation = Pick<Drive, 'id' | 'joined' | 'isOrganizer' | 'isPast'>;

/** Which control the caller gets for a drive, and why when it is off. */
export function participationState(drive: Participation): {
  action: 'join' | 'leave' | 'none';
  disabledReason?: string;
  /** A message key of the drives namespace. */
  note?: 'participation.organiser' | 'participation.tookPart' | 'participation.joined';
} {
  if (drive.isOrganizer) return { action: 'none', note: 'participation.organiser' };
  if (drive.joined && drive.isPast) return { action: 'none', note: 'participation.tookPart' };
  if (drive.joined) return { action: 'leave', note: 'participation.joined' };
  if (drive.isPast) return { action: 'join', disabledReason: DRIVE_MESSAGES.pastDrive };
  return { action: 'join' };
}

/** Join / Leave for one drive; toasts carry the server's message and the counts refresh. */
export function ParticipationButtons({ drive }: { drive: Participation }) {
  const reasonId = useId();
  const t = useT(drivesMessages);
  const join = useJoinDrive();
  const leave = useLeaveDrive();
  const state = participationState(drive);
  const busy = join.isPending || leave.isPending;

  const run = (mutation: typeof join) =>
    mutation.mutate(drive.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(failureMessage(error)),
    });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {state.action === 'join' ? (
          <Button
            busy={join.isPending}
            disabled={busy || Boolean(state.disabledReason)}
            aria-describedby={state.disabledReason ? reasonId : undefined}
            onClick={() => run(join)}
          >
            {t('participation.join')}
          </Button>
        ) : null}
        {state.action === 'leave' ? (
          <Button
            variant="secondary"
            busy={leave.isPending}
            disabled={busy}
            onClick={() => run(leave)}
          >
            {t('participation.leave')}
          </Button>
        ) : null}
        {state.note ? (
          <p className="font-semibold" data-testid="participation-note">
            {t(state.note)}
          </p>
        ) : null}
      </div>
      {state.disabledReason ? (
        <p id={reasonId} className={`text-sm ${mutedText}`}>
          {state.disabledReason}
        </p>
      ) : null}
    </div>
  );
}
