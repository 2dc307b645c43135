import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { useCountryOptions } from '../../../i18n/countries';
import { useSpeciesOptions } from '../../../i18n/species';
import { countryCentroid } from '../../../../contract/country-centroids';
import { browserTimeZone, nextFullHour } from '../../../lib/dates';
import { fromZonedWallClock, toZonedWallClock } from '../../../lib/wall-clock';
import { timeZoneAt } from '../../../lib/time-zone-at';
import {
  DRIVE_LIMITS,
  DRIVE_MESSAGES,
  type DriveDetail,
  type Option,
} from '../../../../contract/drives';
import { DRIVE_DURATIONS } from '../../../../contract/options';
import { Button } from '../../../components/ui/button';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import {
  FormStep,
  StepActions,
  useFormSteps,
  type StepDefinition,
} from '../../../components/ui/form-steps';
import { LocationField } from '../../../components/ui/location-field';
import {
  fieldErrorText,
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { useCorporateOptions, useSaveDrive } from '../api';
import {
  buildFormData,
  driveFormResolver,
  fieldOfFailure,
  firstError,
  initialValues,
  type DriveFormMode,
  type DriveFormValues,
  type ErrorField,
} from '../drive-form-values';
import { DateTimeField } from './date-time-field';
import { ImageField } from './image-field';
import { MultiSelect } from './multi-select';
import { TagInput } from './tag-input';
import { TreeSizeField } from './tree-size-field';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';
import { useContractMessage, type Translate } from '../../../i18n/use-t';
import type { DriveFormKey } from '../messages';

/** On a phone the form is three steps (issue 23); on a wider screen one screen in three parts. */
const driveSteps = (t: Translate<DriveFormKey>): readonly StepDefinition<ErrorField>[] => [
  {
    title: t('step.what'),
    fields: ['driveName', 'treeQuantity', 'treesType', 'treeSize', 'driveDate', 'driveDuration'],
  },
  { title: t('step.where'), fields: ['country', 'point', 'driveLocation'] },
  { title: t('step.details'), fields: ['driveDesc', 'treeSponsored', 'landDonatedBy', 'image'] },
];

/** Focuses the first control of a field's block (the search box for the map). */
function focusField(form: HTMLFormElement | null, field: ErrorField) {
  const block = form?.querySelector(`[data-field="${field}"]`);
  const control = block?.matches('input, select, textarea')
    ? block
    : (block?.querySelector('input:not([disabled]), select, textarea') ??
      block?.querySelector('button'));
  if (control instanceof HTMLElement) control.focus();
}

/** The add / edit tree drive form (spec §2 "Tree drive form"), shown in the app's modal. */
export default function DriveForm({
  mode,
  drive,
  onDone,
  onCancel,
  organisationId,
}: {
  mode: DriveFormMode;
  drive?: DriveDetail;
  /** A new drive organised for this organisation (its team's owners and admins). */
  organisationId?: string;
  onDone(): void;
  onCancel(): void;
}) {
  const t = useT(driveFormMessages);
  const say = useContractMessage();
  const countries = useCountryOptions();
  const speciesOptions = useSpeciesOptions();
  const durations = useMemo(
    () => DRIVE_DURATIONS.map((d) => ({ value: d.value, label: say(d.label) })),
    [say],
  );
  const [resolver] = useState(() =>
    driveFormResolver(mode, drive ? { originalDate: drive.driveDate } : {}),
  );
  const form = useForm<DriveFormValues>({
    defaultValues: initialValues(drive),
    resolver,
    // Checked when saved; after that, editing a field clears its error (spec §5).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, formState, register, setError, clearErrors } = form;
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const save = useSaveDrive(drive?.id, organisationId);
  const navigate = useNavigate();
  const corporate = useCorporateOptions();
  const busy = save.isPending;

  // Spec §5: editing a field clears its error.
  const { subscribe, getFieldState } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (!name) return;
          const field = name === 'driveDateText' ? 'driveDate' : (name as ErrorField);
          if (getFieldState(field).error) clearErrors(field);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );

  const text = (
    name: 'driveName' | 'treeQuantity' | 'country' | 'driveDesc' | 'driveDuration',
  ) => ({
    ...register(name),
    error: formState.errors[name]?.message,
  });
  const errorOf = (name: ErrorField) => formState.errors[name]?.message;

  const [landDonors, driveDateText, driveLocation, country, point] = useWatch({
    control,
    name: ['landDonatedBy', 'driveDateText', 'driveLocation', 'country', 'point'],
  });
  // The date is taken in the zone of the chosen place (as the server will store it).
  const timeZone = point ? timeZoneAt(point.lat, point.lng) : browserTimeZone();
  const zoneSeen = useRef(timeZone);
  useEffect(() => {
    const previous = zoneSeen.current;
    if (previous === timeZone) return;
    zoneSeen.current = timeZone;
    // A new place keeps the wall clock typed so far ("10:00 there"); an untouched default becomes
    // the next full hour there.
    const current = form.getValues('driveDate');
    if (!current) return;
    const touched = form.getFieldState('driveDate').isDirty;
    const wall = touched
      ? toZonedWallClock(current, previous)
      : nextFullHour(toZonedWallClock(new Date(), timeZone));
    form.setValue('driveDate', fromZonedWallClock(wall, timeZone), { shouldDirty: touched });
  }, [form, timeZone]);

  const landOptions: Option[] = [
    ...(corporate.data ?? []),
    // A donor already on the drive stays choosable even if the list no longer has them.
    ...landDonors.filter((o) => !corporate.data?.some((c) => c.value === o.value)),
  ];

  const steps = useFormSteps<ErrorField>({
    steps: driveSteps(t),
    validate: async (fields) => {
      const valid = await form.trigger(fields);
      // Read live (formState is the last render's): the step's first field in error.
      const first = fields.find((name) => form.getFieldState(name).error);
      if (!valid && first) focusField(formElement, first);
      return valid;
    },
  });
  const focusFirst = (errors: FieldErrors<DriveFormValues>) => {
    const first = firstError(errors);
    if (!first) return;
    steps.reveal(first);
    focusField(formElement, first);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (busy) return;
    save.mutate(buildFormData(values), {
      onSuccess: (response) => {
        const saved = response.data.data;
        const path = `/app/delive-detail/${encodeURIComponent(saved.id)}`;
        // The toast names the drive and links to it (the app navigates without a reload).
        toast.success(mode === 'create' ? DRIVE_MESSAGES.saved : DRIVE_MESSAGES.updated, {
          description: (
            <a
              href={path}
              className="link font-semibold"
              onClick={(event) => {
                event.preventDefault();
                void navigate(path);
              }}
            >
              {t('form.openDrive', { name: saved.driveName })}
            </a>
          ),
        });
        onDone();
      },
      onError: (error) => {
        toast.error(DRIVE_MESSAGES.saveFailed);
        const refused = fieldOfFailure(error);
        if (refused) {
          setError(refused.field, { type: 'server', message: refused.message });
          steps.reveal(refused.field);
          focusField(formElement, refused.field);
        }
      },
    });
  }, focusFirst);

  const errorCount = Object.values(formState.errors).filter(Boolean).length;

  return (
    <form
      ref={setFormElement}
      noValidate
      onSubmit={steps.onSubmit(onSubmit)}
      aria-label={mode === 'create' ? t('form.createLabel') : t('form.editLabel')}
      className="flex flex-col gap-6"
    >
      <FormStep steps={steps} index={0} headingLevel={3}>
        <div className="grid gap-4 md:grid-cols-2">
          <div data-field="driveName">
            <TextField
              label={t('field.name')}
              maxLength={DRIVE_LIMITS.nameMax}
              autoComplete="off"
              {...text('driveName')}
            />
          </div>
          <div data-field="treeQuantity">
            <TextField
              label={t('field.quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              max={DRIVE_LIMITS.quantityMax}
              step={1}
              {...text('treeQuantity')}
            />
          </div>
          <Controller
            control={control}
            name="treesType"
            render={({ field }) => (
              <MultiSelect
                label={t('field.type')}
                name="treesType"
                options={speciesOptions}
                selected={field.value}
                onChange={field.onChange}
                error={errorOf('treesType')}
                placeholder={t('field.typePlaceholder')}
                chipsLabel={t('field.typeChips')}
              />
            )}
          />
          <Controller
            control={control}
            name="treeSize"
            render={({ field }) => (
              <TreeSizeField
                values={field.value}
                onChange={field.onChange}
                error={errorOf('treeSize')}
              />
            )}
          />
          <Controller
            control={control}
            name="driveDate"
            render={({ field }) => (
              <DateTimeField
                label={t('field.dateTime')}
                value={field.value}
                text={driveDateText}
                error={errorOf('driveDate')}
                timeZone={timeZone}
                placeChosen={point !== null}
                onChange={(driveDate, driveDateText) => {
                  form.setValue('driveDateText', driveDateText);
                  field.onChange(driveDate);
                }}
                onLeave={() => {
                  const typed = form.getValues('driveDateText');
                  if (typed !== null && typed.trim() !== '')
                    setError('driveDate', {
                      type: 'validate',
                      message: DRIVE_MESSAGES.dateInvalid,
                    });
                }}
              />
            )}
          />
          <div data-field="driveDuration">
            <ChoiceTiles
              legend={t('field.duration')}
              columns={5}
              options={durations}
              {...text('driveDuration')}
            />
          </div>
        </div>
      </FormStep>

      <FormStep steps={steps} index={1} headingLevel={3}>
        <div data-field="country">
          <SelectField
            label={t('field.country')}
            options={countries}
            placeholder={t('field.countryPlaceholder')}
            {...text('country')}
          />
        </div>
        <Controller
          control={control}
          name="point"
          render={({ field }) => (
            <LocationField
              legend={t('field.location')}
              mapLabel={t('field.locationMap')}
              textName="driveLocation"
              textMaxLength={DRIVE_LIMITS.locationMax}
              textHint={t('field.locationHint')}
              point={field.value}
              onPoint={field.onChange}
              locationText={driveLocation}
              onLocationText={(driveLocation) => form.setValue('driveLocation', driveLocation)}
              startAt={countryCentroid(country)}
              pointError={errorOf('point')}
              textError={errorOf('driveLocation')}
              disabled={busy}
            />
          )}
        />
      </FormStep>

      <FormStep steps={steps} index={2} headingLevel={3}>
        <div data-field="driveDesc">
          <TextAreaField
            label={t('field.description')}
            maxLength={DRIVE_LIMITS.descriptionMax}
            rows={3}
            {...text('driveDesc')}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <Controller
            control={control}
            name="treeSponsored"
            render={({ field }) => (
              <TagInput
                label={t('field.sponsors')}
                name="treeSponsored"
                values={field.value}
                onChange={field.onChange}
                error={errorOf('treeSponsored')}
                chipsLabel={t('field.sponsorsChips')}
              />
            )}
          />
          <Controller
            control={control}
            name="landDonatedBy"
            render={({ field }) => (
              <MultiSelect
                label={t('field.landDonors')}
                name="landDonatedBy"
                options={landOptions}
                selected={field.value.map((o) => o.value)}
                onChange={(values) =>
                  field.onChange(
                    values
                      .map((value) => landOptions.find((o) => o.value === value))
                      .filter((o): o is Option => o !== undefined),
                  )
                }
                error={errorOf('landDonatedBy')}
                placeholder={
                  corporate.isPending
                    ? t('field.landDonorsLoading')
                    : t('field.landDonorsPlaceholder')
                }
                emptyText={corporate.isError ? t('field.landDonorsFailed') : t('select.noMatches')}
                chipsLabel={t('field.landDonorsChips')}
              />
            )}
          />
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageField
                file={field.value}
                existing={form.getValues('existingImage')}
                required={mode === 'create'}
                error={errorOf('image')}
                onFile={field.onChange}
                onProblem={(message) => setError('image', { type: 'validate', message })}
                disabled={busy}
              />
            )}
          />
        </div>
      </FormStep>

      <FormErrorSummary count={errorCount} />
      {/* Said here too: the open modal sits above the toasts, so the toast alone is easy to miss. */}
      {save.isError ? (
        <p className={fieldErrorText} role="alert">
          {DRIVE_MESSAGES.saveFailed}
        </p>
      ) : null}

      <StepActions
        steps={steps}
        className="modal-action mt-0"
        cancel={
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
        }
        submit={
          <Button type="submit" busy={busy} busyLabel={t('form.saving')}>
            {t('form.save')}
          </Button>
        }
      />
    </form>
  );
}
