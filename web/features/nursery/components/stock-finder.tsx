import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { NURSERY_LIMITS, NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { mutedText } from '../../../components/ui/looks';
import { MoreButton } from '../../../components/ui/more-button';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useNearestStock, useReserve } from '../api';
import { formatCount, formatDecimal } from '../../../lib/numbers';
import { useT, type Translate } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages, type NurseryKey } from '../messages';
import { useMoney } from '../../../i18n/money';
import { useSpeciesOptions } from '../../../i18n/species';
import { sizeWord } from '../sizes';

/** "Any distance" first: the search starts with the nearest stock wherever it is (issue 23). */
const radii = (t: Translate<NurseryKey>) => [
  { value: '', label: t('finder.anyDistance') },
  ...[25, 50, 100, 250, 500, 1000].map((km) => ({
    value: String(km),
    label: t('finder.within', { km: String(km) }),
  })),
];

/** "1.2 km away" close by, "290 km away" or "1,736 km away" further off. */
export const distanceAway = (t: Translate<NurseryKey>, km: number, locale?: string) =>
  t('finder.away', {
    km: km < 10 ? formatDecimal(km, 1, locale) : formatCount(Math.round(km), locale),
  });
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
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  const formatMoney = useMoney();
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
          {stock.distanceKm !== null ? (
            <p className="text-sm font-semibold text-primary" data-testid="stock-distance">
              {distanceAway(t, stock.distanceKm, locale)}
            </p>
          ) : null}
          <p className="font-semibold">
            {stock.species.label} ({sizeWord(t, stock.size)}) · {stock.nursery.name}
          </p>
          <p className={`text-sm ${mutedText}`}>
            {t('finder.available', { count: stock.quantityAvailable })} ·{' '}
            {t('finder.each', { price: formatMoney(stock.priceMinor, stock.currency) })} ·{' '}
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
              label={t('finder.quantity', { nursery: stock.nursery.name })}
              inputMode="numeric"
              value={quantity}
              error={error}
              onChange={(e) => {
                setQuantity(e.target.value);
                setError(undefined);
              }}
            />
          </div>
          <Button type="submit" busy={reserve.isPending} busyLabel={t('finder.reserving')}>
            {t('finder.reserve')}
          </Button>
        </form>
      </div>
    </li>
  );
}

/**
 * Finds stock for the drive nearest first, whatever the distance (issue 23), optionally of one
 * species or within a distance, a page at a time, and reserves from it.
 */
export function StockFinder({
  driveId,
  near,
  onReserved,
}: {
  driveId: string;
  near: { lat: number; lng: number };
  onReserved: () => void;
}) {
  const speciesOptions = useSpeciesOptions();
  const [species, setSpecies] = useState('');
  const [radius, setRadius] = useState('');
  const t = useT(nurseryMessages);
  const search = useNearestStock({
    near,
    ...(radius ? { radiusKm: Number(radius) } : {}),
    ...(species ? { species: Number(species) } : {}),
  });
  const first = search.data?.pages[0];
  const seen = new Set<string>();
  const lines = (search.data?.pages ?? [])
    .flatMap((p) => p.data)
    .filter((s) => !seen.has(s.id) && Boolean(seen.add(s.id)));
  const speciesLabel = speciesOptions.find((o) => o.value === species)?.label;
  let body;
  if (search.isError && !first)
    body = (
      <LoadErrorCard
        message={failureMessage(search.error, t('finder.failed'))}
        onRetry={() => void search.refetch()}
      />
    );
  else if (!first) body = <LoadingState label={t('finder.loading')} />;
  else if (lines.length === 0)
    body = radius ? (
      <EmptyState
        action={
          <Button variant="secondary" onClick={() => setRadius('')}>
            {t('finder.searchAny')}
          </Button>
        }
      >
        {speciesLabel
          ? t('finder.noneWithinSpecies', { species: speciesLabel, km: radius })
          : t('finder.noneWithin', { km: radius })}
      </EmptyState>
    ) : speciesLabel ? (
      <EmptyState
        action={
          <Button variant="secondary" onClick={() => setSpecies('')}>
            {t('finder.anySpecies')}
          </Button>
        }
      >
        {t('finder.noneSpecies', { species: speciesLabel })}
      </EmptyState>
    ) : (
      <EmptyState>{t('finder.none')}</EmptyState>
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-label={t('finder.results')}>
          {lines.map((s) => (
            <StockResult key={s.id} stock={s} driveId={driveId} onReserved={onReserved} />
          ))}
        </ul>
        {search.isFetchNextPageError ? (
          <p className={`text-sm ${mutedText}`} role="alert">
            {t('finder.moreFailed')}
          </p>
        ) : null}
        <MoreButton pages={search} shown={lines.length} total={first.total} size="sm" />
      </>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className={`text-sm ${mutedText}`}>{t('finder.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('finder.species')}
          placeholder={t('finder.anySpecies')}
          options={speciesOptions}
          value={species}
          onChange={(e) => setSpecies(e.target.value)}
        />
        <SelectField
          label={t('finder.distance')}
          options={radii(t)}
          value={radius}
          onChange={(e) => setRadius(e.target.value)}
        />
      </div>
      {body}
    </div>
  );
}
