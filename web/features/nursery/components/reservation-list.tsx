import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import type { Reservation, ReservationAction } from '../../../../contract/nursery';
import { Button } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useReservationAction } from '../api';
import { rich, useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages, type NurseryKey } from '../messages';
import { useMoney } from '../../../i18n/money';
import { sizeWord } from '../sizes';

const ACTION_LABELS: Record<ReservationAction, NurseryKey> = {
  confirm: 'reservation.confirm',
  decline: 'reservation.decline',
  deliver: 'reservation.deliver',
  cancel: 'reservation.cancel',
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
  const t = useT(nurseryMessages);
  const label = (action: ReservationAction) => t(ACTION_LABELS[action]);
  const run = async (action: ReservationAction) => {
    if (action === 'decline' || action === 'cancel') {
      const yes = await modal.confirm({
        title: label(action),
        message: t('reservation.askMessage', {
          action: label(action),
          quantity: reservation.quantity,
          species: reservation.stock.species.label,
        }),
        confirmLabel: label(action),
        cancelLabel: t('reservation.keep'),
      });
      if (!yes) return;
    }
    try {
      const answer = await act.mutateAsync({ id: reservation.id, action });
      toast.success(answer.message ?? t('reservation.saved'));
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };
  if (reservation.actions.length === 0 && !reservation.cancelRefusal) return null;
  return (
    <div
      role="group"
      aria-label={t('reservation.steps')}
      className="flex flex-wrap items-center gap-2"
    >
      {reservation.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'confirm' || action === 'deliver' ? 'primary' : 'secondary'}
          onClick={() => void run(action)}
          busy={act.isPending && act.variables?.action === action}
        >
          {label(action)}
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
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  const formatMoney = useMoney();
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
                {t('reservation.line', {
                  quantity: r.quantity,
                  species: r.stock.species.label,
                  size: sizeWord(t, r.stock.size),
                  price: formatMoney(r.unitPriceMinor, r.currency),
                })}
              </p>
              <p className={`text-sm ${mutedText}`}>
                {show === 'organiser'
                  ? rich(
                      t('reservation.for', {
                        name: r.drive.name,
                        date: formatDate(r.drive.startsAt, locale),
                        organiser: r.organiser.name,
                      }),
                      {
                        drive: (name) => (
                          <Link className={textLink} to={`/app/delive-detail/${r.drive.id}`}>
                            {name}
                          </Link>
                        ),
                      },
                    )
                  : t('reservation.from', {
                      nursery: r.nursery.name,
                      pickup: r.stock.pickupLocation,
                    })}
              </p>
            </div>
            <span className={`badge ${STATUS_BADGE[r.status]}`}>{t(`status.${r.status}`)}</span>
          </div>
          <div className="mt-2">
            <ReservationActions reservation={r} />
          </div>
        </li>
      ))}
    </ul>
  );
}
