import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useDriveChain, useDriveReservations } from '../api';
import { ReservationList } from './reservation-list';
import { StockFinder } from './stock-finder';
import { formatCount } from '../../../lib/numbers';

/** reserved → delivered → planted → alive today, as one row of figures. */
function ChainSteps({ driveId }: { driveId: string }) {
  const chain = useDriveChain(driveId);
  if (chain.isError)
    return (
      <p className="text-error">{failureMessage(chain.error, 'The chain could not be loaded.')}</p>
    );
  if (!chain.data)
    return (
      <p className={mutedText}>
        <Spinner /> Loading the chain…
      </p>
    );
  const steps = [
    ['Reserved', chain.data.reserved],
    ['Delivered', chain.data.delivered],
    ['Planted', chain.data.planted],
    ['Alive today', chain.data.alive],
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <ol className="steps steps-vertical sm:steps-horizontal" aria-label="Chain of custody">
        {steps.map(([label, value]) => (
          <li
            key={label}
            className={`step ${value > 0 ? 'step-primary' : ''}`}
            data-testid={`chain-${label}`}
          >
            <span className="text-2xl font-bold">{formatCount(value)}</span>
            <span className="text-sm">{label}</span>
          </li>
        ))}
      </ol>
      {chain.data.nurseries.length ? (
        <p className={`text-sm ${mutedText}`}>
          Saplings from {chain.data.nurseries.map((n) => n.name).join(', ')}.
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
  const canReserve = drive.canManage && !drive.isPast;
  const openFinder = () =>
    modal.open({
      title: 'Reserve saplings',
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
            Saplings: from nursery to living tree
          </h3>
          {canReserve ? <Button onClick={openFinder}>Reserve saplings</Button> : null}
        </div>
        <ChainSteps driveId={drive.id} />
        {reservations.isError ? (
          <p className="text-error">
            {failureMessage(reservations.error, 'The reservations could not be loaded.')}
          </p>
        ) : list.length ? (
          <ReservationList reservations={list} show="nursery" />
        ) : reservations.data ? (
          <p className={mutedText}>
            {canReserve
              ? 'No saplings reserved yet. Reserve them from a partner nursery near the drive.'
              : 'No saplings have been reserved from a partner nursery for this drive.'}
          </p>
        ) : null}
      </div>
    </section>
  );
}
