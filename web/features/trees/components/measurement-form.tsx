import { Controller } from 'react-hook-form';
import {
  CARE_MESSAGES,
  MEASUREMENT_LIMITS,
  MEASUREMENT_PHOTO_FIELD,
  measurementFormSchema,
  type MeasurementForm as MeasurementOutput,
} from '../../../../contract/tree-care';
import { isInFuture, type Tree } from '../../../../contract/trees';
import { DateField } from '../../../components/ui/date-field';
import { TextField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useAddMeasurement } from '../api';
import { todayKey } from '../format';
import { FormFooter, useRefusal } from './care-forms';
import {
  OptionalPhotoField,
  photoRefused,
  useOptionalPhoto,
  withOptionalPhoto,
} from './optional-photo';
import { useToastOutcome } from './field-outcome';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';
import { useTreeNames } from '../use-tree-names';

interface MeasurementValues {
  measuredAt: string;
  heightCm: string;
  diameterCm: string;
  aliveCount: string;
}

const FIELDS = ['measuredAt', 'heightCm', 'diameterCm', 'aliveCount'] as const;

/** The measurement's fields, and its photo when one was chosen. */
const requestBody = (values: MeasurementOutput, photo: File | null) =>
  withOptionalPhoto(
    {
      measuredAt: values.measuredAt,
      heightCm: values.heightCm,
      diameterCm: values.diameterCm,
      ...(values.aliveCount !== undefined ? { aliveCount: values.aliveCount } : {}),
    },
    photo,
    MEASUREMENT_PHOTO_FIELD,
  );

/**
 * Add a measurement (`POST /api/trees/{id}/measurements`): the day, height and trunk diameter,
 * optionally how many plants are alive and a photo. Checked with the contract's schema; the
 * day must not be in the future nor before planting (the server's rules, with its messages).
 */
export function MeasurementForm({ tree, onDone }: { tree: Tree; onDone(): void }) {
  const t = useT(treeCareMessages);
  const toastOutcome = useToastOutcome();
  const names = useTreeNames();
  const add = useAddMeasurement(tree.id, t('measure.queue', { title: names.title(tree) }));
  const form = useContractForm<MeasurementValues, MeasurementOutput>(measurementFormSchema, {
    measuredAt: todayKey(),
    heightCm: '',
    diameterCm: '',
    aliveCount: '',
  });
  const { refusal, refuse, clear } = useRefusal(form, FIELDS);
  const photo = useOptionalPhoto();

  const submit = form.handleSubmit(async (values) => {
    clear();
    if (isInFuture(values.measuredAt, new Date()))
      return form.setError('measuredAt', { message: CARE_MESSAGES.measuredInFuture });
    if (values.measuredAt.slice(0, 10) < tree.plantedAt.slice(0, 10))
      return form.setError('measuredAt', { message: CARE_MESSAGES.measuredBeforePlanting });
    try {
      toastOutcome(await add.mutateAsync(requestBody(values, photo.photo)));
      onDone();
    } catch (error) {
      if (!photoRefused(error, photo, MEASUREMENT_PHOTO_FIELD)) refuse(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('measure.label', { title: names.title(tree) })}
      className="flex flex-col gap-4"
    >
      <Controller
        control={form.control}
        name="measuredAt"
        render={({ field }) => (
          <DateField
            label={t('measure.on')}
            min={tree.plantedAt.slice(0, 10)}
            max={todayKey()}
            {...field}
            onChange={(value) => {
              form.clearErrors('measuredAt');
              field.onChange(value);
            }}
            error={form.formState.errors.measuredAt?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('measure.height')}
          type="number"
          inputMode="decimal"
          min={MEASUREMENT_LIMITS.heightMinCm}
          max={MEASUREMENT_LIMITS.heightMaxCm}
          step="any"
          hint={t('measure.heightHint')}
          {...form.field('heightCm')}
        />
        <TextField
          label={t('measure.diameter')}
          type="number"
          inputMode="decimal"
          min={MEASUREMENT_LIMITS.diameterMinCm}
          max={MEASUREMENT_LIMITS.diameterMaxCm}
          step="any"
          hint={t('measure.diameterHint', { cm: MEASUREMENT_LIMITS.breastHeightCm })}
          {...form.field('diameterCm')}
        />
      </div>
      {tree.count > 1 ? (
        <TextField
          label={t('measure.alive')}
          type="number"
          inputMode="numeric"
          min={1}
          max={tree.count}
          step={1}
          hint={t('measure.aliveHint', { count: tree.count })}
          {...form.field('aliveCount')}
        />
      ) : null}
      <OptionalPhotoField
        state={photo}
        name={MEASUREMENT_PHOTO_FIELD}
        purpose={t('measure.photoPurpose')}
        previewAlt={t('measure.photoAlt')}
        previewTestId="measurement-photo-preview"
        disabled={add.isPending}
      />
      <FormFooter
        refusal={refusal}
        busy={add.isPending}
        submitLabel={t('measure.submit')}
        onCancel={onDone}
      />
    </form>
  );
}
