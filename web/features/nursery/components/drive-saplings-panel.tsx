import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useDriveChain, useDriveReservations } from '../api';
import { ReservationList } from './reservation-list';
import { StockFinder } from './stock-finder';
import { formatCount } from '../../../lib/numbers';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages } from '../messages';

/** reserved → delivered → planted → alive today, as one row of figures. */
function ChainSteps({ driveId }: { driveId: string }) {
  const chain = useDriveChain(driveId);
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  if (chain.isError)
    return <p className="text-error">{failureMessage(chain.error, t('chain.failed'))}</p>;
  if (!chain.data)
    return (
      <p className={mutedText}>
        <Spinner /> {t('chain.loading')}
      </p>
    );
  const steps = [
    ['reserved', 'Reserved', chain.data.reserved],
    ['delivered', 'Delivered', chain.data.delivered],
    ['planted', 'Planted', chain.data.planted],
    ['alive', 'Alive today', chain.data.alive],
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <ol className="steps steps-vertical sm:steps-horizontal" aria-label={t('chain.label')}>
        {/* The test id keeps the English name, whatever the language. */}
        {steps.map(([key, id, value]) => (
          <li
            key={key}
            className={`step ${value > 0 ? 'step-primary' : ''}`}
            data-testid={`chain-${id}`}
          >
            <span className="text-2xl font-bold">{formatCount(value, locale)}</span>
            <span className="text-sm">{t(`chain.${key}`)}</span>
          </li>
        ))}
      </ol>
      {chain.data.nurseries.length ? (
        <p className={`text-sm ${mutedText}`}>
          {t('chain.from', { nurseries: chain.data.nurseries.map((n) => n.name).join(', ') })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The drive page's "Saplings" panel: the chain from nursery to living tree, the drive's
 * reservations, and for whoever manages it (its organiser, or its team's owners and admins) while
 * upcoming, Reserve saplings from stock near the drive.
 */
export function DriveSaplingsPanel({
  drive,
}: {
  drive: { id: string; lat: number; lng: number; canManage: boolean; isPast: boolean };
}) {
  const reservations = useDriveReservations(drive.id);
  const modal = useModal();
  const t = useT(nurseryMessages);
  const canReserve = drive.canManage && !drive.isPast;
  const openFinder = () =>
    modal.open({
      title: t('panel.reserveTitle'),
      size: 'xl',
      body: (close) => (
        <StockFinder
          driveId={drive.id}
          near={{ lat: drive.lat, lng: drive.lng }}
          onReserved={close}
        />
      ),
    });
  const list = reservations.data?.data ?? [];
  return (
    <section className={sectionCard} aria-labelledby="drive-saplings-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="drive-saplings-heading" className="card-title text-lg">
            {t('panel.heading')}
          </h3>
          {canReserve ? <Button onClick={openFinder}>{t('panel.reserve')}</Button> : null}
        </div>
        <ChainSteps driveId={drive.id} />
        {reservations.isError ? (
          <p className="text-error">{failureMessage(reservations.error, t('panel.failed'))}</p>
        ) : list.length ? (
          <ReservationList reservations={list} show="nursery" />
        ) : reservations.data ? (
          <p className={mutedText}>{canReserve ? t('panel.noneCanReserve') : t('panel.none')}</p>
        ) : null}
      </div>
    </section>
  );
}
