import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatMoney } from '../../../../contract/money';
import {
  RESERVATION_STATUS_LABELS,
  type Reservation,
  type ReservationAction,
} from '../../../../contract/nursery';
import { Button } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useReservationAction } from '../api';
import { formatCount } from '../../../lib/numbers';

const ACTION_LABELS: Record<ReservationAction, string> = {
  confirm: 'Confirm',
  decline: 'Decline',
  deliver: 'Mark delivered',
  cancel: 'Cancel reservation',
};
const STATUS_BADGE: Record<Reservation['status'], string> = {
  requested: 'badge-info',
  confirmed: 'badge-primary',
  delivered: 'badge-success',
  declined: 'badge-ghost',
  cancelled: 'badge-ghost',
};
/** A reservation's steps the caller may take, in place (declining and cancelling ask first). */
function ReservationActions({ reservation }: { reservation: Reservation }) {
  const act = useReservationAction();
  const modal = useModal();
  const run = async (action: ReservationAction) => {
    if (action === 'decline' || action === 'cancel') {
      const yes = await modal.confirm({
        title: ACTION_LABELS[action],
        message: `${ACTION_LABELS[action]} for ${formatCount(reservation.quantity)} ${reservation.stock.species.label} saplings? They go back into stock.`,
        confirmLabel: ACTION_LABELS[action],
        cancelLabel: 'Keep it',
      });
      if (!yes) return;
    }
    try {
      const answer = await act.mutateAsync({ id: reservation.id, action });
      toast.success(answer.message ?? 'Saved.');
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };
  if (reservation.actions.length === 0 && !reservation.cancelRefusal) return null;
  return (
    <div role="group" aria-label="Reservation steps" className="flex flex-wrap items-center gap-2">
      {reservation.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'confirm' || action === 'deliver' ? 'primary' : 'secondary'}
          onClick={() => void run(action)}
          busy={act.isPending && act.variables?.action === action}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
      {/* The server would refuse a cancel (donors paid): say why instead of offering it. */}
      {reservation.cancelRefusal ? (
        <p className={`text-sm ${mutedText}`} data-testid="cancel-refusal">
          {reservation.cancelRefusal}
        </p>
      ) : null}
    </div>
  );
}

/** Reservations as cards: what, for which drive, from which nursery, its state and next steps. */
export function ReservationList({
  reservations,
  show,
}: {
  reservations: Reservation[];
  /** Which party to name: the nursery's view names the drive's organiser, the drive's the nursery. */
  show: 'organiser' | 'nursery';
}) {
  return (
    <ul className="flex flex-col gap-3">
      {reservations.map((r) => (
        <li
          key={r.id}
          className="rounded-box border border-base-300 p-3"
          data-testid="reservation"
          data-status={r.status}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <p className="font-semibold">
                {formatCount(r.quantity)} × {r.stock.species.label} ({r.stock.size}) ·{' '}
                {formatMoney(r.unitPriceMinor, r.currency)} each
              </p>
              <p className={`text-sm ${mutedText}`}>
                {show === 'organiser' ? (
                  <>
                    For{' '}
                    <Link className={textLink} to={`/app/delive-detail/${r.drive.id}`}>
                      {r.drive.name}
                    </Link>{' '}
                    on {formatDate(r.drive.startsAt)} · organised by {r.organiser.name}
                  </>
                ) : (
                  <>
                    From {r.nursery.name} · pickup at {r.stock.pickupLocation}
                  </>
                )}
              </p>
            </div>
            <span className={`badge ${STATUS_BADGE[r.status]}`}>
              {RESERVATION_STATUS_LABELS[r.status]}
            </span>
          </div>
          <div className="mt-2">
            <ReservationActions reservation={r} />
          </div>
        </li>
      ))}
    </ul>
  );
}
