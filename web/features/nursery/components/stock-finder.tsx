import { useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../../../contract/money';
import { NURSERY_LIMITS, NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { TREE_SPECIES } from '../../../../contract/options';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { mutedText } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useReserve, useStockSearch } from '../api';
import { formatCount } from '../../../lib/numbers';

const SPECIES_OPTIONS = TREE_SPECIES.map((s) => ({ value: String(s.value), label: s.label }));
const RADII = [25, 50, 100, 250, 500, 1000].map((km) => ({ value: String(km), label: `${km} km` }));
/** One result: what it is, where, and a quantity to reserve for the drive. */
function StockResult({
  stock,
  driveId,
  onReserved,
}: {
  stock: Stock;
  driveId: string;
  onReserved: () => void;
}) {
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const reserve = useReserve(driveId);
  const submit = async () => {
    const n = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || n < 1 || n > NURSERY_LIMITS.reserveMax) {
      setError(NURSERY_MESSAGES.quantityRequired);
      return;
    }
    try {
      await reserve.mutateAsync({ stockId: stock.id, quantity: n });
      toast.success(NURSERY_MESSAGES.reserved);
      onReserved();
    } catch (err) {
      setError(failureMessage(err));
    }
  };
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="stock-result">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="font-semibold">
            {stock.species.label} ({stock.size}) · {stock.nursery.name}
          </p>
          <p className={`text-sm ${mutedText}`}>
            {formatCount(stock.quantityAvailable)} available ·{' '}
            {formatMoney(stock.priceMinor, stock.currency)} each
            {stock.distanceKm !== null ? ` · ${stock.distanceKm} km away` : ''} ·{' '}
            {stock.pickupLocation}
          </p>
          {stock.notes ? <p className={`text-sm ${mutedText}`}>{stock.notes}</p> : null}
        </div>
        <form
          noValidate
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="w-32">
            <TextField
              label={`Saplings from ${stock.nursery.name}`}
              inputMode="numeric"
              value={quantity}
              error={error}
              onChange={(e) => {
                setQuantity(e.target.value);
                setError(undefined);
              }}
            />
          </div>
          <Button type="submit" busy={reserve.isPending} busyLabel="Reserving…">
            Reserve
          </Button>
        </form>
      </div>
    </li>
  );
}

/** Finds stock near the drive (nearest first), optionally of one species, and reserves from it. */
export function StockFinder({
  driveId,
  near,
  onReserved,
}: {
  driveId: string;
  near: { lat: number; lng: number };
  onReserved: () => void;
}) {
  const [species, setSpecies] = useState('');
  const [radius, setRadius] = useState('100');
  const search = useStockSearch({
    near,
    radiusKm: Number(radius),
    ...(species ? { species: Number(species) } : {}),
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Species"
          placeholder="Any species"
          options={SPECIES_OPTIONS}
          value={species}
          onChange={(e) => setSpecies(e.target.value)}
        />
        <SelectField
          label="Within"
          options={RADII}
          value={radius}
          onChange={(e) => setRadius(e.target.value)}
        />
      </div>
      {search.isError ? (
        <LoadErrorCard
          message={failureMessage(search.error, 'Stock could not be searched just now.')}
          onRetry={() => void search.refetch()}
        />
      ) : !search.data ? (
        <LoadingState label="Finding saplings near the drive…" />
      ) : search.data.data.length === 0 ? (
        <EmptyState>No nursery has these saplings within {radius} km of the drive.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Saplings near the drive, nearest first">
          {search.data.data.map((s) => (
            <StockResult key={s.id} stock={s} driveId={driveId} onReserved={onReserved} />
          ))}
        </ul>
      )}
    </div>
  );
}
