import { toast } from '../../../components/ui/toast';
import {
  NURSERY_LIMITS,
  NURSERY_MESSAGES,
  type Stock,
  type StockRequest,
} from '../../../../contract/nursery';
import { currencyDigits } from '../../../../contract/money';
import { stockFormSchema, type StockFormValues } from '../../../../contract/nursery-stock-form';
import { TREE_SIZES } from '../../../../contract/options';
import { Button } from '../../../components/ui/button';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { LocationField } from '../../../components/ui/location-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useSaveStock } from '../api';
import { useT } from '../../../i18n/use-t';
import { nurseryMessages } from '../messages';
import { useMoney } from '../../../i18n/money';
import { useSpeciesOptions } from '../../../i18n/species';

function initialValues(stock: Stock | undefined): StockFormValues {
  if (!stock)
    return {
      speciesId: '',
      size: '',
      quantityAvailable: '',
      priceMinor: '',
      pickupLat: null,
      pickupLng: null,
      pickupLocation: '',
      notes: '',
      priceConfirmed: false,
    };
  const digits = currencyDigits(stock.currency);
  return {
    speciesId: String(stock.species.value),
    size: stock.size,
    quantityAvailable: String(stock.quantityAvailable),
    priceMinor: (stock.priceMinor / 10 ** digits).toFixed(digits),
    pickupLat: stock.pickupLat,
    pickupLng: stock.pickupLng,
    pickupLocation: stock.pickupLocation,
    notes: stock.notes,
    // A price above the line was confirmed when it was saved.
    priceConfirmed: stock.priceMinor > NURSERY_LIMITS.priceConfirmAbove,
  };
}

/** Add or edit one stock line: species, size, quantity, price, pickup point on the map, notes. */
export function StockForm({
  stock,
  currency,
  onDone,
}: {
  stock?: Stock;
  currency: string;
  onDone: () => void;
}) {
  const speciesOptions = useSpeciesOptions();
  const form = useContractForm<StockFormValues, StockRequest>(
    stockFormSchema(currency),
    initialValues(stock),
  );
  const save = useSaveStock();
  const t = useT(nurseryMessages);
  const formatMoney = useMoney();
  // Two sizes: tiles, the height under the name (issue 23).
  const sizeOptions = TREE_SIZES.map((s) => ({
    value: s.value,
    label: t(`sizeName.${s.value}`),
    detail: t(`sizeHeight.${s.value}`),
  }));
  const lat = form.watch('pickupLat');
  const lng = form.watch('pickupLng');
  const errors = form.formState.errors;
  const digits = currencyDigits(currency);
  const typedPrice = Number(String(form.watch('priceMinor') ?? '').replace(',', '.'));
  const highPrice =
    Number.isFinite(typedPrice) && typedPrice * 10 ** digits > NURSERY_LIMITS.priceConfirmAbove;

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...(stock ? { id: stock.id } : {}), body });
      toast.success(NURSERY_MESSAGES.stockSaved);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field)
        form.setError(error.field as keyof StockFormValues, { message: error.message });
      else toast.error(failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.species')}
          placeholder={t('form.speciesPlaceholder')}
          options={speciesOptions}
          {...form.field('speciesId')}
        />
        <ChoiceTiles
          legend={t('form.size')}
          columns={2}
          options={sizeOptions}
          {...form.field('size')}
        />
        <TextField
          label={t('form.quantity')}
          inputMode="numeric"
          {...form.field('quantityAvailable')}
        />
        <TextField
          label={t('form.price', { currency })}
          inputMode="decimal"
          hint={t('form.priceHint')}
          {...form.field('priceMinor')}
        />
      </div>
      {highPrice ? (
        <CheckboxField
          label={t('form.priceConfirm', {
            price: formatMoney(Math.round(typedPrice * 10 ** digits), currency),
          })}
          hint={t('form.priceConfirmHint')}
          {...form.field('priceConfirmed')}
        />
      ) : null}
      <LocationField
        legend={t('form.pickup')}
        mapLabel={t('form.pickupMap')}
        textName="pickupLocation"
        textMaxLength={NURSERY_LIMITS.locationMax}
        textHint={t('form.pickupHint')}
        point={lat !== null && lng !== null ? { lat, lng } : null}
        onPoint={(p) => {
          form.setValue('pickupLat', p.lat);
          form.setValue('pickupLng', p.lng);
          form.clearErrors(['pickupLat', 'pickupLng']);
        }}
        locationText={form.watch('pickupLocation')}
        onLocationText={(text) => {
          form.setValue('pickupLocation', text);
          form.clearErrors('pickupLocation');
        }}
        pointError={errors.pickupLat?.message ?? errors.pickupLng?.message}
        textError={errors.pickupLocation?.message}
      />
      <TextAreaField
        label={t('form.notes')}
        maxLength={NURSERY_LIMITS.notesMax}
        hint={t('form.notesHint')}
        {...form.field('notes')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={save.isPending} busyLabel={t('form.saving')}>
          {stock ? t('form.save') : t('form.add')}
        </Button>
      </div>
    </form>
  );
}
